import { randomUUID } from "node:crypto";

// Small converters from what SQLite/Postgres return to the app's plain values.

export const newId = () => randomUUID();
export const nowIso = () => new Date().toISOString();

export function toBool(value: unknown): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}

export function toIso(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "string") {
    // SQLite's own default is already ISO; Postgres text of a timestamptz needs normalising.
    const parsed = new Date(value.includes("T") || value.endsWith("Z") ? value : `${value.replace(" ", "T")}Z`);
    return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString();
  }
  return new Date(Number(value)).toISOString();
}

export function toNumberOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

function parseJsonArray(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (typeof value !== "string" || value === "") return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed : [];
  } catch {
    return [];
  }
}

/** A stored text list. Items may be strings or objects with one of `keys` (docs/product.md#entities). */
export function toTextList(value: unknown, keys: readonly string[] = []): string[] {
  return parseJsonArray(value)
    .map((item) => {
      if (typeof item === "string") return item;
      if (item && typeof item === "object") {
        for (const key of keys) {
          const v = (item as Record<string, unknown>)[key];
          if (typeof v === "string") return v;
        }
      }
      return "";
    })
    .filter((s) => s.trim() !== "");
}

export const toUrlList = (value: unknown) => toTextList(value, ["url"]);

export const listToJson = (list: readonly string[]) => JSON.stringify(list);

/** Where a newest-first page stopped: the last row's timestamp (the database's own text of it) and id. */
export interface NewestFirstCursor {
  at: string;
  id: string;
}

/**
 * Rows newest first, up to `limit`, a page of `pageSize` at a time (a CSV export's memory bound). `page` reads the
 * rows after `after` (created_at, then id, both descending), each with `cursor_at`: its timestamp as the database's
 * text, so the next page follows on exactly, however precise the stored time. A row added meanwhile is neither
 * repeated nor skipped.
 */
export async function* newestFirstPages<R extends { cursor_at: string; id: string }>(
  page: (after: NewestFirstCursor | undefined, size: number) => Promise<R[]>,
  limit: number,
  pageSize: number,
): AsyncGenerator<R[]> {
  let after: NewestFirstCursor | undefined;
  for (let left = limit; left > 0; ) {
    const size = Math.min(pageSize, left);
    const rows = await page(after, size);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1];
    after = { at: last.cursor_at, id: last.id };
    left -= rows.length;
    yield rows;
    if (rows.length < size) return;
  }
}
