import type { Database } from "../db";
import { scanReferences } from "../storage/prune";
import type { MediaUse } from "~/lib/media";
import { SECTION_TITLES, type SectionKey } from "~/validation/site-content";

// Where each upload is used (docs/decisions/0088-media-library.md): computed from the content on every ask with
// the same scanner that keeps files from the prune, so the library's answer and the prune's never disagree and
// nothing stored can go stale. Every table the prune counts counts here; the known ones get words and a link.

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** The title inside a version's JSON snapshot, or "" when it cannot be read. */
function snapshotTitle(snapshot: unknown): string {
  try {
    const parsed: unknown = typeof snapshot === "string" ? JSON.parse(snapshot) : snapshot;
    return text((parsed as { title?: unknown } | null)?.title);
  } catch {
    return "";
  }
}

const sectionTitle = (section: unknown) => SECTION_TITLES[text(section) as SectionKey] ?? text(section);
const settingWords = (key: unknown) => text(key).replace(/_url$/, "").replaceAll("_", " ");

/** The record a row is, or is a saved state of: a History version of a record that uses the file itself says nothing more. */
function recordOf(table: string, row: Record<string, unknown>): { record: string; history: boolean } | null {
  if (table === "services" || table === "projects") return { record: `${table}:${text(row.id)}`, history: false };
  if (table === "service_versions" || table === "project_versions") return { record: `${table.replace("_versions", "s")}:${text(row.record_id)}`, history: true };
  if (table === "site_content") return { record: `section:${text(row.section)}`, history: false };
  if (table === "site_content_versions") return { record: `section:${text(row.section)}`, history: true };
  return null;
}

/** One row's use in words. */
export function describeUse(table: string, row: Record<string, unknown>): MediaUse {
  switch (table) {
    case "services":
    case "projects": {
      const noun = table === "services" ? "Service" : "Project";
      if (row.deleted_at) return { label: `${noun} “${text(row.title)}” (in the Trash)`, href: "/admin/trash" };
      // The record's own dialog (docs/decisions/0094-media-replace-and-paging.md).
      return { label: `${noun} “${text(row.title)}”`, href: `/admin/${table}?edit=${encodeURIComponent(text(row.id))}` };
    }
    case "service_versions":
    case "project_versions": {
      const noun = table === "service_versions" ? "service" : "project";
      return { label: `History of ${noun} “${snapshotTitle(row.snapshot)}”`, href: `/admin/${noun}s/${text(row.record_id)}/history` };
    }
    case "site_content":
      return { label: `Site content: ${sectionTitle(row.section)}`, href: `/admin/site-content?section=${encodeURIComponent(text(row.section))}` };
    case "site_content_versions":
      return { label: `Site content history: ${sectionTitle(row.section)}`, href: `/admin/site-content?section=${encodeURIComponent(text(row.section))}` };
    case "site_settings":
      return { label: `Setting: ${settingWords(row.setting_key)}`, href: "/admin/settings" };
    case "profiles":
      return { label: `Avatar of ${text(row.full_name) || text(row.email)}`, href: "/admin/team" };
    case "user":
      // better-auth's copy of the avatar: the profile row names the same use.
      return { label: `Avatar of ${text(row.name) || text(row.email)}`, href: "/admin/team" };
    default:
      return { label: `Table ${table}`, href: null };
  }
}

/**
 * Lower-cased upload base -> its uses, each once. Every save keeps a version, so a record that uses a file has it in
 * its History too: that use is named only when the record itself no longer uses the file.
 */
export async function findMediaUses(database: Database): Promise<Map<string, MediaUse[]>> {
  const found = new Map<string, Array<MediaUse & { record: string | null; history: boolean }>>();
  await scanReferences(database, (table, row, bases) => {
    const of = recordOf(table, row);
    const use = { ...describeUse(table, row), record: of?.record ?? null, history: of?.history ?? false };
    for (const base of bases) {
      const list = found.get(base) ?? [];
      if (!list.some((u) => u.label === use.label)) list.push(use);
      found.set(base, list);
    }
  });
  const uses = new Map<string, MediaUse[]>();
  for (const [base, list] of found) {
    const current = new Set(list.filter((u) => !u.history && u.record).map((u) => u.record));
    uses.set(
      base,
      list.filter((u) => !(u.history && current.has(u.record))).map(({ label, href }) => ({ label, href })),
    );
  }
  return uses;
}
