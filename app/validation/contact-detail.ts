import { z } from "zod";
import { isChatChannel, normaliseChatNumber } from "~/lib/chat-links";
import { CONTACT_TYPES, SOCIAL_PLATFORMS } from "./constants";

/** A WhatsApp or Viber entry's number that cannot be normalised (docs/product.md#contact-details). */
export const CHAT_NUMBER_ERROR = "Enter a mobile number with its country code, e.g. +960 777 1234";
import { checkbox, isSafeUrl, optionalEnum, optionalInt, optionalText, requiredText } from "./fields";

/** Contact types whose value is text a visitor reads, and so has a Dhivehi value. */
export const TRANSLATED_VALUE_TYPES: ReadonlySet<string> = new Set(["address", "hours"]);

export const ContactDetailSchema = z
  .object({
    type: z.enum(CONTACT_TYPES, { message: "Choose a contact type" }),
    label: optionalText(100, "Label"),
    value: requiredText("Value is required", 500, "Value"),
    icon: optionalText(50, "Icon"),
    platform: optionalEnum(SOCIAL_PLATFORMS, "social platform"),
    is_primary: checkbox,
    is_public: checkbox,
    display_order: optionalInt("Display order", { min: 0, max: 100_000 }),
    // What a visitor reads on the Dhivehi pages (docs/decisions/0092-site-content-in-two-languages.md); empty: the
    // English value is shown. Numbers, emails and links are the same in both languages.
    label_dv: optionalText(100, "Dhivehi label"),
    value_dv: optionalText(500, "Dhivehi text"),
  })
  .superRefine((c, ctx) => {
    if (c.type === "email" && !z.email().safeParse(c.value).success) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Invalid email address" });
    }
    if ((c.type === "website" || c.type === "social") && !(isSafeUrl(c.value) && /^https?:/i.test(c.value))) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Enter a full link starting with https://" });
    }
    if (c.type === "phone" && !/^[+\d][\d\s().-]{4,30}$/.test(c.value)) {
      ctx.addIssue({ code: "custom", path: ["value"], message: "Enter a phone number, e.g. +960 300 1234" });
    }
    if (isChatChannel(c.type) && normaliseChatNumber(c.value) === null) {
      ctx.addIssue({ code: "custom", path: ["value"], message: CHAT_NUMBER_ERROR });
    }
    if (c.type === "social" && !c.platform) {
      ctx.addIssue({ code: "custom", path: ["platform"], message: "Choose a social platform" });
    }
  })
  // The social platform is stored as the entry's icon name; other types keep their own icon. A chat number is
  // stored normalised ("+" and digits), the form the chat links need.
  .transform(({ platform, ...c }) => ({
    ...c,
    value: isChatChannel(c.type) ? (normaliseChatNumber(c.value) ?? c.value) : c.value,
    // Only an address and opening hours are words; any other type's Dhivehi value would never be shown.
    value_dv: TRANSLATED_VALUE_TYPES.has(c.type) ? c.value_dv : null,
    icon: c.type === "social" ? platform : c.icon,
  }));

export type ContactDetailInput = z.infer<typeof ContactDetailSchema>;
