import { sql } from "kysely";
import type { ChatChannel } from "~/lib/chat-links";
import { db } from "../db";

// WhatsApp and Viber clicks, counted as conversions (docs/product.md#insight,
// docs/decisions/0068-chat-links-through-a-counting-redirect.md). Kept apart from the page-view and enquiry queries
// of models/insight.ts: a click is one upsert, rare beside page views, so it is not buffered.

/** Where a visit began, or "(unknown)" for a visitor Insight did not count today. */
export const UNKNOWN = "(unknown)";

export interface ChatClick {
  day: string;
  channel: ChatChannel;
  landing_path: string;
  source: string;
}

/** Adds one click; instances clicking the same key at once add up. */
export async function recordChatClick(click: ChatClick): Promise<void> {
  await db()
    .insertInto("insight_chat_clicks")
    .values({ ...click, clicks: 1 })
    .onConflict((oc) => oc.columns(["day", "channel", "landing_path", "source"]).doUpdateSet({ clicks: sql`insight_chat_clicks.clicks + 1` }))
    .execute();
}

export interface ChatClicksReport {
  /** Clicks per channel in the period, WhatsApp first. */
  channels: Array<{ channel: ChatChannel; clicks: number }>;
  /** Clicks per source of the visit, most first (at most 10). */
  sources: Array<{ source: string; clicks: number }>;
  total: number;
}

/** The clicks of the days from `from` to `to` (inclusive). */
export async function getChatClicks(from: string, to: string): Promise<ChatClicksReport> {
  const inPeriod = db().selectFrom("insight_chat_clicks").where("day", ">=", from).where("day", "<=", to);
  const [byChannel, bySource] = await Promise.all([
    inPeriod.select(["channel", (eb) => eb.fn.sum<number | string>("clicks").as("clicks")]).groupBy("channel").execute(),
    inPeriod
      .select(["source", (eb) => eb.fn.sum<number | string>("clicks").as("clicks")])
      .groupBy("source")
      .orderBy("clicks", "desc")
      .orderBy("source")
      .limit(10)
      .execute(),
  ]);
  const count = (channel: ChatChannel) => Number(byChannel.find((r) => r.channel === channel)?.clicks ?? 0);
  const channels = (["whatsapp", "viber"] as const).map((channel) => ({ channel, clicks: count(channel) }));
  return {
    channels,
    sources: bySource.map((r) => ({ source: r.source, clicks: Number(r.clicks) })),
    total: channels.reduce((n, c) => n + c.clicks, 0),
  };
}

/** Deletes clicks of days before `cutoff`: kept as long as the rest of Insight's detail (docs/privacy.md#how-long). */
export async function deleteChatClicksBefore(cutoff: string): Promise<void> {
  await db().deleteFrom("insight_chat_clicks").where("day", "<", cutoff).execute();
}
