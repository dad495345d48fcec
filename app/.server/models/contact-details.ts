import type { Transaction } from "kysely";
import type { DB } from "../db/schema";
import type { Selectable } from "kysely";
import type { ContactType } from "~/validation/constants";
import type { ContactDetailInput } from "~/validation/contact-detail";
import { bumpContentVersion, cached } from "../cache/cache";
import { db } from "../db";
import type { ContactDetailsTable } from "../db/schema";
import { newId, nowIso, toBool } from "./rows";
import type { ContactDetail } from "~/lib/records";

export type { ContactDetail };

/**
 * What a visitor sees of a contact entry (every page's header, footer and contact section, and the
 * LocalBusiness JSON-LD). Selected by name, so a column added later stays private until it is listed here.
 */
export const PUBLIC_CONTACT_DETAIL_COLUMNS = ["type", "label", "value", "icon", "is_primary", "label_dv", "value_dv"] as const satisfies ReadonlyArray<
  keyof ContactDetailsTable
>;

export type PublicContactDetail = Pick<ContactDetail, (typeof PUBLIC_CONTACT_DETAIL_COLUMNS)[number]>;

function toContactDetail(row: Selectable<ContactDetailsTable>): ContactDetail {
  return {
    id: row.id,
    type: row.type as ContactType,
    label: row.label,
    value: row.value,
    label_dv: row.label_dv ?? null,
    value_dv: row.value_dv ?? null,
    icon: row.icon,
    is_primary: toBool(row.is_primary),
    is_public: toBool(row.is_public),
    display_order: Number(row.display_order),
  };
}

/** Admin read: every entry by display order. */
export async function listContactDetails(): Promise<ContactDetail[]> {
  const rows = await db().selectFrom("contact_details").selectAll().orderBy("display_order", "asc").orderBy("created_at", "asc").execute();
  return rows.map(toContactDetail);
}

/** Public read: only entries marked public, with their public columns. */
export async function listPublicContactDetails(): Promise<PublicContactDetail[]> {
  return cached("contact-details:public", loadPublicContactDetails);
}

async function loadPublicContactDetails(): Promise<PublicContactDetail[]> {
  const rows = await db()
    .selectFrom("contact_details")
    .select(PUBLIC_CONTACT_DETAIL_COLUMNS)
    .where("is_public", "=", true)
    .orderBy("display_order", "asc")
    .orderBy("created_at", "asc")
    .execute();
  return rows.map((row) => ({ ...row, type: row.type as ContactType, is_primary: toBool(row.is_primary) }));
}

export async function getContactDetail(id: string): Promise<ContactDetail | null> {
  const row = await db().selectFrom("contact_details").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toContactDetail(row) : null;
}

/** A new entry's display_order is the current number of entries (docs/product.md#contact-details). One primary per type. */
export async function createContactDetail(input: ContactDetailInput): Promise<ContactDetail> {
  const id = newId();
  await db()
    .transaction()
    .execute(async (trx) => {
      const { count } = await trx
        .selectFrom("contact_details")
        .select((eb) => eb.fn.countAll<number>().as("count"))
        .executeTakeFirstOrThrow();
      if (input.is_primary) {
        await trx.updateTable("contact_details").set({ is_primary: false }).where("type", "=", input.type).execute();
      }
      const { display_order: _ignored, ...fields } = input;
      await trx
        .insertInto("contact_details")
        .values({ id, ...fields, display_order: Number(count), created_at: nowIso() })
        .execute();
    });
  await bumpContentVersion();
  return (await getContactDetail(id))!;
}

export async function updateContactDetail(id: string, input: ContactDetailInput): Promise<ContactDetail | null> {
  const found = await db()
    .transaction()
    .execute(async (trx) => {
      if (input.is_primary) {
        await trx
          .updateTable("contact_details")
          .set({ is_primary: false })
          .where("type", "=", input.type)
          .where("id", "!=", id)
          .execute();
      }
      const { display_order, ...fields } = input;
      const result = await trx
        .updateTable("contact_details")
        .set({ ...fields, ...(display_order === null ? {} : { display_order }) })
        .where("id", "=", id)
        .executeTakeFirst();
      return result.numUpdatedRows > 0n;
    });
  if (!found) return null;
  await bumpContentVersion();
  return getContactDetail(id);
}

/** Deletes one entry; the others keep their order, renumbered 0..n-1 (no gaps after deletes: docs/decisions/0019-admin-toasts-and-hero-media.md). */
export async function deleteContactDetail(id: string): Promise<boolean> {
  const deleted = await db()
    .transaction()
    .execute(async (trx) => {
      const result = await trx.deleteFrom("contact_details").where("id", "=", id).executeTakeFirst();
      if (result.numDeletedRows === 0n) return false;
      await renumber(trx, await orderedIds(trx));
      return true;
    });
  if (deleted) await bumpContentVersion();
  return deleted;
}

type Executor = Transaction<DB>;

async function orderedIds(trx: Executor): Promise<Array<{ id: string; display_order: number }>> {
  const rows = await trx
    .selectFrom("contact_details")
    .select(["id", "display_order"])
    .orderBy("display_order", "asc")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map((r) => ({ id: r.id, display_order: Number(r.display_order) }));
}

/** Writes display_order 0..n-1 in the given order (only the rows whose number changes). */
async function renumber(trx: Executor, rows: Array<{ id: string; display_order: number }>): Promise<void> {
  for (const [index, row] of rows.entries()) {
    if (row.display_order !== index) await trx.updateTable("contact_details").set({ display_order: index }).where("id", "=", row.id).execute();
  }
}

/**
 * Moves one entry a place up or down the list (the order the site shows them in); every entry ends
 * numbered 0..n-1. False when it does not exist; at either end it stays where it is.
 */
export async function moveContactDetail(id: string, direction: "up" | "down"): Promise<boolean> {
  const found = await db()
    .transaction()
    .execute(async (trx) => {
      const rows = await orderedIds(trx);
      const at = rows.findIndex((r) => r.id === id);
      if (at < 0) return false;
      const to = direction === "up" ? at - 1 : at + 1;
      const order = rows.map((r) => r.id);
      if (to >= 0 && to < rows.length) [order[at], order[to]] = [order[to], order[at]];
      const byId = new Map(rows.map((r) => [r.id, r.display_order]));
      await renumber(
        trx,
        order.map((rowId) => ({ id: rowId, display_order: byId.get(rowId)! })),
      );
      return true;
    });
  if (found) await bumpContentVersion();
  return found;
}
