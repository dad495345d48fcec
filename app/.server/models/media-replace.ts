import { type Kysely, sql } from "kysely";
import { VARIANT_WIDTHS, AVIF_WIDTHS } from "~/lib/images";
import { bumpContentVersion } from "../cache/cache";
import { type Database, getDatabase } from "../db";
import { logger } from "../logger";
import type { Storage } from "../storage";
import { findReferencedBases, NOT_CONTENT, uploadBase } from "../storage/prune";
import { findMediaUses } from "./media-uses";
import { toIso } from "./rows";

// "Replace a file" in Admin: Media (docs/product.md#media-library, docs/decisions/0094-media-replace-and-paging.md).
// Server-made names are served with a year-long immutable cache (docs/decisions/0004-storage.md), so the new bytes
// get a new name (uploaded first, through POST /api/uploads, with that folder's limits and checks), and then, in
// one transaction, every row that names the old file names the new one and the library's row takes the new file,
// keeping its alt text. "Every row" is read as the prune reads it: every column of every table but the prune's
// NOT_CONTENT ones, so a place added later is covered without a change here, and afterwards nothing names the old
// file, History and the Trash included. Then the caches are cleared and the old file and its copies are deleted.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- every table and column, addressed by name
type AnyDb = Kysely<any>;

export type ReplaceMediaResult =
  | { kind: "replaced"; previousName: string; fileName: string; newKey: string; tables: string[]; oldRemoved: boolean }
  | { kind: "refused"; status: 400 | 404; reason: string };

const refused = (reason: string, status: 400 | 404 = 400): ReplaceMediaResult => ({ kind: "refused", status, reason });

/** Columns that may hold text: where an upload's URL can be (the drivers' names for text, varchar and JSON types). */
const isTextType = (dataType: string) => dataType === "" || /text|char|clob|json/i.test(dataType);

/** Every text column of every content table, as the prune's scanner reads them (readEveryTable in site-data.ts). */
async function contentColumns(database: Database): Promise<Array<{ table: string; column: string; json: string | null }>> {
  const handle = database.db as unknown as AnyDb;
  const schema =
    database.engine === "postgres" ? (await sql<{ name: string }>`select current_schema() as name`.execute(handle)).rows[0]?.name : undefined;
  const columns: Array<{ table: string; column: string; json: string | null }> = [];
  for (const table of await handle.introspection.getTables()) {
    if ((schema !== undefined && table.schema !== schema) || NOT_CONTENT.has(table.name) || table.name === "media") continue;
    for (const column of table.columns) {
      if (!isTextType(column.dataType)) continue;
      const json = database.engine === "postgres" && /^jsonb?$/i.test(column.dataType) ? column.dataType.toLowerCase() : null;
      columns.push({ table: table.name, column: column.name, json });
    }
  }
  return columns;
}

/**
 * The text changes that make a row name the new file: the original's key (its extension may differ), then the bare
 * base (a variant's URL, `-w960.webp`, has a twin under the new base). Each also as JSON with escaped slashes, which
 * the prune's scanner counts as a reference too.
 */
function replacements(oldKey: string, newKey: string): Array<[string, string]> {
  const oldBase = uploadBase(oldKey) as string;
  const newBase = uploadBase(newKey) as string;
  const plain: Array<[string, string]> = [
    [oldKey, newKey],
    [oldBase, newBase],
  ];
  return [...plain, ...plain.map(([from, to]): [string, string] => [from.replaceAll("/", "\\/"), to.replaceAll("/", "\\/")])];
}

const variantKeys = (base: string) => [...VARIANT_WIDTHS.map((w) => `${base}-w${w}.webp`), ...AVIF_WIDTHS.map((w) => `${base}-w${w}.avif`)];
const folderOf = (key: string) => key.slice(0, key.lastIndexOf("/") + 1);

/**
 * Puts the stored upload `newKey` (just uploaded, used by nothing yet) in the place of `oldKey` everywhere. Refused,
 * changing nothing, when either file is unknown, the kinds differ, the new file is not from the same folder (whose
 * limits it met) or something already uses it.
 */
export async function replaceMedia(oldKey: string, newKey: string, storage: Storage): Promise<ReplaceMediaResult> {
  const database = getDatabase();
  const rows = await database.db.selectFrom("media").selectAll().where("key", "in", [oldKey, newKey]).execute();
  const old = rows.find((r) => r.key === oldKey);
  const fresh = rows.find((r) => r.key === newKey);
  const oldBase = uploadBase(oldKey);
  const newBase = uploadBase(newKey);
  if (!old || oldBase === null) return refused("File not found", 404);
  if (!fresh || newBase === null || !(await storage.exists(newKey))) return refused("The new file was not found", 404);
  if (oldKey === newKey) return refused("The new file is the same file");
  if (fresh.kind !== old.kind) return refused(old.kind === "video" ? "A video can only be replaced by a video" : "An image can only be replaced by an image");
  if (folderOf(newKey) !== folderOf(oldKey)) return refused("The new file must be uploaded to the same folder as the old one");
  const newUses = (await findMediaUses(database)).get(newBase.toLowerCase()) ?? [];
  if (newUses.length > 0) return refused(`The new file is already used by ${newUses.map((u) => u.label).join(", ")}`);

  const columns = await contentColumns(database);
  const pairs = replacements(oldKey, newKey);
  // The unique part of the name: it finds the key, the base and their escaped forms alike.
  const needle = `%${oldBase.slice(oldBase.lastIndexOf("/") + 1)}%`;
  const pg = database.engine === "postgres";
  const tables = new Set<string>();
  await (database.db as unknown as AnyDb).transaction().execute(async (trx) => {
    for (const { table, column, json } of columns) {
      const target = pg ? sql`${sql.ref(column)}::text` : sql.ref(column);
      const replaced = pairs.reduce((text, [from, to]) => sql`replace(${text}, ${from}, ${to})`, target);
      const result = await trx
        .updateTable(table)
        .set({ [column]: json ? sql`(${replaced})::${sql.raw(json)}` : replaced })
        .where(target, "like", needle)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) > 0) tables.add(table);
    }
    // The library's row stays the file's: its alt text is kept, the rest describes the new bytes.
    await trx.deleteFrom("media").where("key", "=", newKey).execute();
    await trx
      .updateTable("media")
      .set({ key: fresh.key, url: fresh.url, file_name: fresh.file_name, bytes: fresh.bytes, width: fresh.width, height: fresh.height, uploaded_by: fresh.uploaded_by, created_at: toIso(fresh.created_at) })
      .where("key", "=", oldKey)
      .execute();
  });
  await bumpContentVersion();

  // Nothing names the old file now, unless a save raced in after the transaction: then it stays, and the library's
  // sync lists it again with that use.
  let oldRemoved = false;
  try {
    if (!(await findReferencedBases(database)).has(oldBase.toLowerCase())) {
      for (const variant of variantKeys(oldBase)) await storage.delete(variant);
      await storage.delete(oldKey);
      oldRemoved = true;
    } else {
      logger.warn({ oldKey, newKey }, "media replace: the old file is named again; kept");
    }
  } catch (error) {
    // The replace itself is done; a file left behind is unused and the prune removes it.
    logger.error({ err: error, oldKey }, "media replace: could not delete the old file");
  }
  return { kind: "replaced", previousName: old.file_name, fileName: fresh.file_name, newKey, tables: [...tables].sort(), oldRemoved };
}
