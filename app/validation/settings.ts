import { z } from "zod";
import { isSafeUrl } from "./fields";

// Known site setting keys (docs/product.md#entities) plus show_sample_content (docs/product.md#sample-content).
export const SETTING_KEYS = [
  "header_logo_type",
  "header_logo_text",
  "header_logo_image_url",
  "footer_logo_type",
  "footer_logo_text",
  "footer_logo_image_url",
  "hero_background_type",
  "hero_background_url",
  "show_sample_content",
  "require_two_factor_owner",
  "require_two_factor_editor",
  "require_two_factor_sales",
  "sales_own_leads_only",
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
export type SiteSettings = Partial<Record<SettingKey, string>>;

const logoType = z.enum(["image", "text"], { message: "Choose image or text" });
const url = z
  .string()
  .trim()
  .max(2048, "URL is too long")
  .refine((v) => v === "" || isSafeUrl(v), "Enter a valid http(s) URL or upload a file");
const text = z
  .string()
  .trim()
  .max(80, "Logo text must be at most 80 characters")
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  .transform((v) => v.replace(/[\u0000-\u001F\u007F]/g, ""));

const onOff = z.enum(["true", "false"], { message: "Choose on or off" });

/** The value rule for each key: an update is { key, value } checked against its key's rule. */
export const SETTING_VALUE_SCHEMAS: Record<SettingKey, z.ZodType<string>> = {
  header_logo_type: logoType,
  header_logo_text: text,
  header_logo_image_url: url,
  footer_logo_type: logoType,
  footer_logo_text: text,
  footer_logo_image_url: url,
  hero_background_type: z.enum(["image", "video"], { message: "Choose image or video" }),
  hero_background_url: url,
  show_sample_content: onOff,
  require_two_factor_owner: onOff,
  require_two_factor_editor: onOff,
  require_two_factor_sales: onOff,
  sales_own_leads_only: onOff,
};

/** The keys only an Owner changes (permission settings.security); every other key is the site's (settings.site). */
export const SECURITY_SETTING_KEYS: readonly SettingKey[] = ["require_two_factor_owner", "require_two_factor_editor", "require_two_factor_sales", "sales_own_leads_only"];

/** What a media address points at, by its file extension: hero backgrounds must match their type (docs/decisions/0019-admin-toasts-and-hero-media.md). */
export function mediaKindOf(url: string): "image" | "video" | null {
  const path = url.trim().split(/[?#]/, 1)[0].toLowerCase();
  if (/\.(mp4|webm|ogv|mov|m4v)$/.test(path)) return "video";
  if (/\.(avif|webp|jpe?g|png|gif)$/.test(path)) return "image";
  return null;
}

/**
 * Why `url` cannot be the hero background of `type`, or null. A video needs a video file (.mp4, .webm);
 * an image may be any address but a video's (image hosts often serve pictures without an extension).
 */
export function heroUrlProblem(type: string, url: string): string | null {
  if (url.trim() === "") return null;
  const kind = mediaKindOf(url);
  if (type === "video" && kind !== "video") return "The background type is Video: enter the address of a video file (.mp4 or .webm) or upload one";
  if (type !== "video" && kind === "video") return "The background type is Image: enter the address of an image, not a video";
  return null;
}

export const SettingUpdateSchema = z
  .object({
    key: z.enum(SETTING_KEYS, { message: "Unknown setting" }),
    value: z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string()),
  })
  .transform((input, ctx) => {
    const parsed = SETTING_VALUE_SCHEMAS[input.key].safeParse(input.value);
    if (!parsed.success) {
      ctx.addIssue({ code: "custom", path: ["value"], message: parsed.error.issues[0]?.message ?? "Invalid value" });
      return z.NEVER;
    }
    return { key: input.key, value: parsed.data };
  });

export const DEFAULT_SETTINGS: Record<SettingKey, string> = {
  header_logo_type: "text",
  header_logo_text: "",
  header_logo_image_url: "",
  footer_logo_type: "text",
  footer_logo_text: "",
  footer_logo_image_url: "",
  hero_background_type: "image",
  hero_background_url: "",
  show_sample_content: "true",
  require_two_factor_owner: "false",
  require_two_factor_editor: "false",
  require_two_factor_sales: "false",
  sales_own_leads_only: "false",
};
