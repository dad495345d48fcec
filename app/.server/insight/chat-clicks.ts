import type { ChatChannel } from "~/lib/chat-links";
import { env } from "../env";
import { logger } from "../logger";
import { recordChatClick, UNKNOWN } from "../models/insight-chats";
import { visitOrigin } from "./insight";
import { dayOf, isCountable } from "./view-facts";

// A click on a WhatsApp or Viber link is a conversion (docs/decisions/0068-chat-links-through-a-counting-redirect.md):
// counted on the server as the redirect is answered, by the rules of a page view (no bots, prefetches, frames or
// signed-in staff), with where the visit began.

const headersOf = (request: Request) => Object.fromEntries(request.headers.entries());

/** Counts one click of `request`'s visitor; a failure is logged and never stops the redirect. */
export async function countChatClick(request: Request, channel: ChatChannel): Promise<void> {
  // The visitor rules of a page view, asked for the home page's path: the redirect's own path is not a page.
  if (env.INSIGHT !== "true" || !isCountable({ method: request.method, path: "/", headers: headersOf(request) })) return;
  try {
    const origin = await visitOrigin(request);
    await recordChatClick({ day: dayOf(new Date()), channel, landing_path: origin?.landing_path ?? UNKNOWN, source: origin?.source ?? UNKNOWN });
  } catch (error) {
    logger.error({ err: error, channel }, "insight: chat click not counted");
  }
}
