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
