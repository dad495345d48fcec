import { z } from "zod";
import { optionalText, optionalUrl } from "./fields";

/** Only these two fields of a profile can be changed by its owner (docs/product.md#profile). */
export const ProfileSchema = z.object({
  full_name: optionalText(100, "Full name"),
  avatar_url: optionalUrl(),
});

export type ProfileInput = z.infer<typeof ProfileSchema>;
