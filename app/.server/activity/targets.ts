import { findActivityTargets, NAMED_ENTITIES, type NamedEntity } from "../models/activity-targets";
import type { ActivityEntry } from "../models/activity";

// What an activity entry is about, as staff know it (docs/decisions/0075-activity-names-and-labels.md): the
// record's name, linked to where it lives in the admin while it exists, unlinked (the name it had) once deleted.

export interface ActivityTarget {
  name: string;
  /** Where the record is in the admin; null once it is deleted for good. */
  href: string | null;
}

function hrefOf(entity: NamedEntity, id: string, trashed: boolean): string {
  if (entity === "service" || entity === "project") return trashed ? "/admin/trash" : `/admin/${entity}s/${id}/history`;
  if (entity === "enquiry") return `/admin/enquiries?id=${encodeURIComponent(id)}`;
  return "/admin/enquiries/templates";
}

/** Each entry with its target (null for entries about no named record): one query per kind of record on the page. */
export async function withTargets<E extends ActivityEntry>(entries: E[]): Promise<Array<E & { target: ActivityTarget | null }>> {
  const found = await findActivityTargets(entries);
  return entries.map((entry) => {
    const entity = (NAMED_ENTITIES as readonly string[]).includes(entry.entity ?? "") ? (entry.entity as NamedEntity) : null;
    if (!entity || !entry.entity_id) return { ...entry, target: null };
    const record = found.get(`${entity}:${entry.entity_id}`);
    if (record) return { ...entry, target: { name: record.name, href: hrefOf(entity, entry.entity_id, record.trashed) } };
    return { ...entry, target: entry.entity_name ? { name: entry.entity_name, href: null } : null };
  });
}
