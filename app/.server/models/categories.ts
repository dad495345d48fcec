import type { CategoryType } from "~/validation/constants";
import type { CategoryInput } from "~/validation/category";
import { bumpContentVersion, cached } from "../cache/cache";
import { db } from "../db";
import { newId, nowIso, toBool } from "./rows";

export interface Category {
  id: string;
  name: string;
  /** The name on Dhivehi pages (docs/decisions/0077-dhivehi-design.md); null shows the English one. */
  name_dv: string | null;
  description: string | null;
  type: CategoryType;
  is_active: boolean;
  created_by: string | null;
}

/** Active categories of this type or 'both', by name (docs/product.md#categories). */
export async function listCategories(type: "service" | "project"): Promise<Category[]> {
  const rows = await db()
    .selectFrom("categories")
    .select(["id", "name", "name_dv", "description", "type", "is_active", "created_by"])
    .where("type", "in", [type, "both"])
    .where("is_active", "=", true)
    .orderBy("name", "asc")
    .execute();
  return rows.map((r) => ({ ...r, type: r.type as CategoryType, is_active: toBool(r.is_active) }));
}

export async function createCategory(input: CategoryInput, userId: string | null): Promise<Category> {
  const category = { id: newId(), ...input, is_active: true, created_by: userId };
  await db()
    .insertInto("categories")
    .values({ ...category, created_at: nowIso() })
    .execute();
  // A Dhivehi name is read by the public pages' cached category names.
  if (input.name_dv) await bumpContentVersion();
  return category;
}

/**
 * The Dhivehi names of the categories (English name -> Dhivehi name): services and projects name their category in
 * English, and a Dhivehi page shows it by this map, or in English where a category has none.
 */
export async function categoryNamesDv(): Promise<Record<string, string>> {
  return cached("categories:dv", async () => {
    const rows = await db().selectFrom("categories").select(["name", "name_dv"]).where("name_dv", "is not", null).where("is_active", "=", true).orderBy("created_at", "asc").execute();
    return Object.fromEntries(rows.filter((r) => r.name_dv?.trim()).map((r) => [r.name, r.name_dv as string]));
  });
}

/** Sets (or, with null, clears) a category's Dhivehi name; false when there is no such category. */
export async function setCategoryNameDv(id: string, nameDv: string | null): Promise<boolean> {
  const result = await db().updateTable("categories").set({ name_dv: nameDv }).where("id", "=", id).executeTakeFirst();
  // Dhivehi pages show the name through the cached map (categoryNamesDv).
  if (result.numUpdatedRows > 0n) await bumpContentVersion();
  return result.numUpdatedRows > 0n;
}
