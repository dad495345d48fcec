import { z } from "zod";
import { CATEGORY_TYPES } from "./constants";
import { optionalText, requiredText } from "./fields";
import { categoryNameDv } from "./translations";

export const CategorySchema = z.object({
  name: requiredText("Category name is required", 100, "Name"),
  description: optionalText(500, "Description"),
  // Shown on Dhivehi pages instead of the name (docs/decisions/0077-dhivehi-design.md); English where missing.
  name_dv: categoryNameDv,
  type: z.enum(CATEGORY_TYPES, { message: "Choose a category type" }),
});

export type CategoryInput = z.infer<typeof CategorySchema>;

/** A category's Dhivehi name set afterwards (docs/decisions/0077-dhivehi-design.md): empty clears it. */
export const CategoryNameDvSchema = z.object({ name_dv: categoryNameDv });
