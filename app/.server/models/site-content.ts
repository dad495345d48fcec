import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { withCompanyNames } from "~/lib/company-name";
import { type ContentVersion, SECTION_KEYS, SECTION_SCHEMAS, type SectionKey, type SectionState, type SiteContent } from "~/validation/site-content";
import { bumpContentVersion, cached } from "../cache/cache";
import type { Transaction } from "kysely";
import { db } from "../db";
import type { DB } from "../db/schema";
import { logger } from "../logger";
import { newId, nowIso, toIso } from "./rows";

// The site editor's storage (docs/decisions/0011-site-content-drafts.md). One row per section holds the
// published content, the draft and a revision number that every write bumps: a write names the
// revision it started from and is refused when another write came first (no silent overwrite).
// Each publish keeps a numbered version; the newest HISTORY_LIMIT per section are kept.

export const HISTORY_LIMIT = 50;

/** A write that lost the race or found nothing to act on. */
export type ContentWriteResult = { ok: true; revision: number } | { ok: false; reason: "stale" | "no-draft" | "not-found" };

/** Stored JSON of one section, checked against today's schema; anything unreadable gives null. */
function readSection<K extends SectionKey>(section: K, json: string | null | undefined): SiteContent[K] | null {
  if (!json) return null;
  try {
    const parsed = SECTION_SCHEMAS[section].safeParse(JSON.parse(json));
    if (parsed.success) return parsed.data as SiteContent[K];
    logger.error({ section, issues: parsed.error.issues.slice(0, 3) }, "stored site content does not match its schema");
  } catch (error) {
    logger.error({ section, err: error }, "stored site content is not JSON");
  }
  return null;
}

function assemble(pick: (section: SectionKey) => string | null | undefined): SiteContent {
  const out = { ...DEFAULT_SITE_CONTENT } as Record<SectionKey, unknown>;
  for (const section of SECTION_KEYS) out[section] = readSection(section, pick(section)) ?? DEFAULT_SITE_CONTENT[section];
  const content = out as unknown as SiteContent;
  // Texts that say {company} show the name of this same content (docs/product.md#site-editor), in the language of
  // the text: Dhivehi values say the Dhivehi name (docs/decisions/0092-site-content-in-two-languages.md).
  return withCompanyNames(content, content.company.name, content.company.dv?.name);
}

/** What visitors see: the published content of every section (the starting content where none is published). */
export async function getPublishedContent(): Promise<SiteContent> {
  return cached("site-content:published", async () => {
    const rows = await db().selectFrom("site_content").select(["section", "published"]).execute();
    const bySection = new Map(rows.map((r) => [r.section, r.published]));
    return assemble((section) => bySection.get(section));
  });
}

/** What an admin's preview shows: each section's draft, else its published content. Never cached. */
export async function getPreviewContent(): Promise<SiteContent> {
  const rows = await db().selectFrom("site_content").select(["section", "published", "draft"]).execute();
  const bySection = new Map(rows.map((r) => [r.section, r.draft ?? r.published]));
  return assemble((section) => bySection.get(section));
}


const who = (name: string | null | undefined, email: string | null | undefined) => (name?.trim() ? name.trim() : (email ?? null));

/** Admin read: every section with its draft state, in page order. */
export async function listSectionStates(): Promise<SectionState[]> {
  const rows = await db()
    .selectFrom("site_content")
    .leftJoin("user as drafter", "drafter.id", "site_content.draft_updated_by")
    .leftJoin("user as publisher", "publisher.id", "site_content.published_by")
    .select([
      "site_content.section",
      "site_content.published",
      "site_content.draft",
      "site_content.revision",
      "site_content.draft_updated_at",
      "site_content.published_at",
      "drafter.name as drafter_name",
      "drafter.email as drafter_email",
      "publisher.name as publisher_name",
      "publisher.email as publisher_email",
    ])
    .execute();
  const bySection = new Map(rows.map((r) => [r.section, r]));
  return SECTION_KEYS.map((section) => {
    const row = bySection.get(section);
    const draft = readSection(section, row?.draft);
    return {
      section,
      content: draft ?? readSection(section, row?.published) ?? DEFAULT_SITE_CONTENT[section],
      hasDraft: draft !== null,
      revision: Number(row?.revision ?? 0),
      draftUpdatedAt: row?.draft_updated_at ? toIso(row.draft_updated_at) : null,
      draftUpdatedBy: row ? who(row.drafter_name, row.drafter_email) : null,
      publishedAt: row?.published_at ? toIso(row.published_at) : null,
      publishedBy: row ? who(row.publisher_name, row.publisher_email) : null,
    };
  });
}

/**
 * Sets `content` (already checked by the section's schema) as the section's draft, if the section is
 * still at `revision`. Visitors keep seeing the published content.
 */
export async function saveDraft<K extends SectionKey>(section: K, content: SiteContent[K], revision: number, userId: string): Promise<ContentWriteResult> {
  const draft = JSON.stringify(content);
  const now = nowIso();
  if (revision === 0) {
    const result = await db()
      .insertInto("site_content")
      .values({ section, draft, revision: 1, draft_updated_at: now, draft_updated_by: userId })
      .onConflict((oc) => oc.column("section").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1 ? { ok: true, revision: 1 } : { ok: false, reason: "stale" };
  }
  const result = await db()
    .updateTable("site_content")
    .set({ draft, revision: revision + 1, draft_updated_at: now, draft_updated_by: userId })
    .where("section", "=", section)
    .where("revision", "=", revision)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1 ? { ok: true, revision: revision + 1 } : { ok: false, reason: "stale" };
}

/** Why a conditional write on an existing row matched nothing. */
async function missReason(section: SectionKey, revision: number): Promise<"stale" | "no-draft"> {
  const row = await db().selectFrom("site_content").select(["revision", "draft"]).where("section", "=", section).executeTakeFirst();
  if (!row || Number(row.revision) !== revision) return revision === 0 && !row ? "no-draft" : "stale";
  return "no-draft";
}

/**
 * Inside `trx`: makes the section's draft live (if the section is still at `revision`) and keeps it as a new version
 * (who, when, and the schedule that did it, if one did). The new revision, or null when there was no draft or
 * another write came first. The caller bumps the content version after the commit.
 */
export async function publishInTransaction(trx: Transaction<DB>, section: SectionKey, revision: number, userId: string | null, scheduleId: string | null = null): Promise<number | null> {
  const row = await trx.selectFrom("site_content").select(["draft"]).where("section", "=", section).where("revision", "=", revision).executeTakeFirst();
  if (!row?.draft) return null;
  const now = nowIso();
  // Conditional on the revision again: on Postgres this takes the row lock, so two publishes queue.
  const updated = await trx
    .updateTable("site_content")
    .set({ published: row.draft, draft: null, revision: revision + 1, published_at: now, published_by: userId })
    .where("section", "=", section)
    .where("revision", "=", revision)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) return null;
  const last = await trx
    .selectFrom("site_content_versions")
    .select((eb) => eb.fn.max("version").as("version"))
    .where("section", "=", section)
    .executeTakeFirst();
  const version = Number(last?.version ?? 0) + 1;
  await trx
    .insertInto("site_content_versions")
    .values({ id: newId(), section, version, content: row.draft, created_by: userId, created_at: now, schedule_id: scheduleId })
    .execute();
  await trx
    .deleteFrom("site_content_versions")
    .where("section", "=", section)
    .where("version", "<=", version - HISTORY_LIMIT)
    .execute();
  return revision + 1;
}

/**
 * Makes the section's draft live for every visitor and keeps it as a new version (who, when). The
 * content version is bumped, so every instance and the page cache drop what they held.
 */
export async function publishDraft(section: SectionKey, revision: number, userId: string): Promise<ContentWriteResult> {
  const outcome = await db()
    .transaction()
    .execute((trx) => publishInTransaction(trx, section, revision, userId));
  if (outcome === null) return { ok: false, reason: await missReason(section, revision) };
  await bumpContentVersion();
  return { ok: true, revision: outcome };
}

/**
 * "Publish all changes" (docs/product.md#scheduling): the drafts of `sections`, each still at the revision the admin
 * saw, go live together in one transaction, or none does (stale: one changed meanwhile, or has no draft any more).
 */
export async function publishSections(sections: ReadonlyArray<{ section: SectionKey; revision: number }>, userId: string): Promise<{ ok: true } | { ok: false; reason: "stale" }> {
  const stale = Symbol("stale");
  try {
    await db()
      .transaction()
      .execute(async (trx) => {
        for (const { section, revision } of sections) {
          if ((await publishInTransaction(trx, section, revision, userId)) === null) throw stale;
        }
      });
  } catch (error) {
    if (error === stale) return { ok: false, reason: "stale" };
    throw error;
  }
  await bumpContentVersion();
  return { ok: true };
}

/** Drops the section's draft; the editor then shows the published content again. */
export async function discardDraft(section: SectionKey, revision: number): Promise<ContentWriteResult> {
  const result = await db()
    .updateTable("site_content")
    .set({ draft: null, revision: revision + 1, draft_updated_at: null, draft_updated_by: null })
    .where("section", "=", section)
    .where("revision", "=", revision)
    .where("draft", "is not", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return { ok: true, revision: revision + 1 };
  return { ok: false, reason: await missReason(section, revision) };
}


/**
 * The id of each section's first version: the starting content (app/content/default-site-content.ts), computed, not
 * stored, so every site has it, whenever it was created and however many publishes were pruned since
 * (docs/decisions/0074-starting-content-in-history.md).
 */
export const STARTING_VERSION_ID = "starting";

function startingVersion<K extends SectionKey>(section: K): ContentVersion<K> {
  return { id: STARTING_VERSION_ID, version: 0, content: DEFAULT_SITE_CONTENT[section], createdAt: null, createdBy: null };
}

/** The section's published versions, newest first (at most HISTORY_LIMIT are kept), then the starting content. */
export async function listVersions<K extends SectionKey>(section: K): Promise<ContentVersion<K>[]> {
  const rows = await db()
    .selectFrom("site_content_versions")
    .leftJoin("user", "user.id", "site_content_versions.created_by")
    .select([
      "site_content_versions.id",
      "site_content_versions.version",
      "site_content_versions.content",
      "site_content_versions.created_at",
      "site_content_versions.schedule_id",
      "user.name as user_name",
      "user.email as user_email",
    ])
    .where("site_content_versions.section", "=", section)
    .orderBy("site_content_versions.version", "desc")
    .limit(HISTORY_LIMIT)
    .execute();
  const published = rows.flatMap((r) => {
    const content = readSection(section, r.content);
    return content ? [{ id: r.id, version: Number(r.version), content, createdAt: toIso(r.created_at), createdBy: who(r.user_name, r.user_email), scheduled: r.schedule_id !== null }] : [];
  });
  return [...published, startingVersion(section)];
}

/** Puts an old version back as the section's draft (to be checked in preview and published). */
export async function restoreVersion(section: SectionKey, versionId: string, revision: number, userId: string): Promise<ContentWriteResult> {
  if (versionId === STARTING_VERSION_ID) return saveDraft(section, DEFAULT_SITE_CONTENT[section], revision, userId);
  const row = await db()
    .selectFrom("site_content_versions")
    .select("content")
    .where("id", "=", versionId)
    .where("section", "=", section)
    .executeTakeFirst();
  const content = readSection(section, row?.content);
  if (!content) return { ok: false, reason: "not-found" };
  return saveDraft(section, content, revision, userId);
}
