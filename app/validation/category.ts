import { z } from "zod";
import { CATEGORY_TYPES } from "./constants";
import { optionalText, requiredText } from "./fields";

export const CategorySchema = z.object({
  name: requiredText("Category name is required", 100, "Name"),
  description: optionalText(500, "Description"),
  type: z.enum(CATEGORY_TYPES, { message: "Choose a category type" }),
});

export type CategoryInput = z.infer<typeof CategorySchema>;
