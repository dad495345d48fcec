import type { CategoryType } from "~/validation/constants";
import type { CategoryInput } from "~/validation/category";
import { db } from "../db";
import { newId, nowIso, toBool } from "./rows";

export interface Category {
  id: string;
  name: string;
  description: string | null;
  type: CategoryType;
  is_active: boolean;
  created_by: string | null;
}

/** Active categories of this type or 'both', by name (docs/product.md#categories). */
export async function listCategories(type: "service" | "project"): Promise<Category[]> {
  const rows = await db()
    .selectFrom("categories")
    .select(["id", "name", "description", "type", "is_active", "created_by"])
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
  return category;
}
