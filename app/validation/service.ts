import { z } from "zod";
import { LONG_TEXT_MAX, PRICING_MODELS, SERVICE_TYPES } from "./constants";
import { optionalFormattedText } from "./formatted-text";
import { checkbox, commaList, focalPercent, optionalEnum, optionalLongText, optionalText, optionalUrl, requiredText, siteMoment, urlList } from "./fields";
import { HIDE_AFTER_SHOW, hideAfterShow } from "./schedule";
import { ServiceTranslationsSchema } from "./translations";

/** Service dialog form (create and edit). created_by and id never come from the form. */
export const ServiceSchema = z
  .object({
  title: requiredText("Title is required", 200, "Title"),
  short_description: optionalText(500, "Short description"),
  // Formatted text (docs/decisions/0084-formatted-text-as-a-markdown-subset.md).
  description: optionalFormattedText(LONG_TEXT_MAX, "Description"),
  overview: optionalFormattedText(LONG_TEXT_MAX, "Overview"),
  category: optionalText(100, "Category"),
  featured_image_url: optionalUrl(),
  featured_image_focal_x: focalPercent("Focal point (across)"),
  featured_image_focal_y: focalPercent("Focal point (down)"),
  gallery: urlList(),
  features: commaList(),
  benefits: commaList(),
  icon: optionalText(50, "Icon"),
  service_type: optionalEnum(SERVICE_TYPES, "service type"),
  pricing_model: optionalEnum(PRICING_MODELS, "pricing model"),
  duration_estimate: optionalText(100, "Duration estimate"),
  prerequisites: optionalLongText("Prerequisites"),
  warranty: optionalText(500, "Warranty"),
  availability: optionalText(200, "Availability"),
  target_audience: optionalText(200, "Target audience"),
  // The Dhivehi values of the texts above, sent as dv.title, dv.description... (docs/decisions/0077-dhivehi-design.md).
  dv: ServiceTranslationsSchema,
  is_active: checkbox,
  show_from: siteMoment("Show from"),
  hide_from: siteMoment("Hide from"),
  // docs/product.md#enumerations-and-defaults: an integer, 0 when not parsable.
  sort_order: z.preprocess((v) => {
    const n = Number.parseInt(String(v ?? "").trim(), 10);
    return Number.isFinite(n) ? Math.max(-1_000_000, Math.min(1_000_000, n)) : 0;
  }, z.number().int()),
  })
  .refine(hideAfterShow, HIDE_AFTER_SHOW);

export type ServiceInput = z.infer<typeof ServiceSchema>;
