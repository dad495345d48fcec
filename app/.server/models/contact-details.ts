import type { Selectable } from "kysely";
import type { ContactType } from "~/validation/constants";
import type { ContactDetailInput } from "~/validation/contact-detail";
import { bumpContentVersion, cached } from "../cache";
import { db } from "../db";
import type { ContactDetailsTable } from "../db/schema";
import { newId, nowIso, toBool } from "./rows";

export interface ContactDetail {
  id: string;
  type: ContactType;
  label: string | null;
  value: string;
  icon: string | null;
  is_primary: boolean;
  is_public: boolean;
  display_order: number;
}

function toContactDetail(row: Selectable<ContactDetailsTable>): ContactDetail {
  return {
    id: row.id,
    type: row.type as ContactType,
    label: row.label,
    value: row.value,
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

/** Public read: only entries marked public. */
export async function listPublicContactDetails(): Promise<ContactDetail[]> {
  return cached("contact-details:public", loadPublicContactDetails);
}

async function loadPublicContactDetails(): Promise<ContactDetail[]> {
  const rows = await db()
    .selectFrom("contact_details")
    .selectAll()
    .where("is_public", "=", true)
    .orderBy("display_order", "asc")
    .orderBy("created_at", "asc")
    .execute();
  return rows.map(toContactDetail);
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

export async function deleteContactDetail(id: string): Promise<boolean> {
  const result = await db().deleteFrom("contact_details").where("id", "=", id).executeTakeFirst();
  if (result.numDeletedRows > 0n) await bumpContentVersion();
  return result.numDeletedRows > 0n;
}
