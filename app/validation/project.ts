import { z } from "zod";
import { DEFAULTS, LONG_TEXT_MAX, PROJECT_PRIORITIES, PROJECT_STATUSES, PROJECT_TYPES } from "./constants";
import { optionalFormattedText } from "./formatted-text";
import {
  checkbox,
  commaList,
  enumWithDefault,
  focalPercent,
  optionalEnum,
  optionalInt,
  optionalLongText,
  optionalText,
  optionalUrl,
  siteMoment,
  urlList,
  requiredText,
} from "./fields";
import { HIDE_AFTER_SHOW, hideAfterShow } from "./schedule";
import { ProjectTranslationsSchema } from "./translations";

const isoDate = (label: string) =>
  z
    .preprocess((v) => (v === undefined || v === null ? "" : String(v).trim()), z.string())
    .refine((v) => v === "" || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`))), {
      message: `${label} must be a date (YYYY-MM-DD)`,
    })
    .transform((v) => (v === "" ? null : v));

const budget = z
  .preprocess((v) => (v === undefined || v === null ? "" : String(v).trim().replace(/[$,\s]/g, "")), z.string())
  .refine((v) => v === "" || /^\d{1,12}(\.\d{1,2})?$/.test(v) || /^\d{1,12}\.\d+$/.test(v), {
    message: "Budget must be a positive number",
  })
  .transform((v) => (v === "" ? null : Math.round(Number.parseFloat(v) * 100) / 100));

const optionalEmail = optionalText(255, "Client email").refine(
  (v) => v === null || z.email().safeParse(v).success,
  "Invalid email address",
);

/** Project dialog form (create and edit). Text is trimmed and empty values become null (docs/product.md#validation). */
export const ProjectSchema = z
  .object({
    title: requiredText("Title is required", 200, "Title"),
    short_description: optionalText(500, "Short description"),
    // Formatted text (docs/decisions/0084-formatted-text-as-a-markdown-subset.md).
    description: optionalFormattedText(LONG_TEXT_MAX, "Description"),
    featured_image_url: optionalUrl(),
    featured_image_focal_x: focalPercent("Focal point (across)"),
    featured_image_focal_y: focalPercent("Focal point (down)"),
    gallery_images: urlList(),
    status: enumWithDefault(PROJECT_STATUSES, DEFAULTS.projectStatus, "status"),
    category: optionalText(100, "Category"),
    client_name: optionalText(200, "Client name"),
    client_email: optionalEmail,
    client_phone: optionalText(50, "Client phone"),
    project_location: optionalText(200, "Location"),
    project_type: optionalEnum(PROJECT_TYPES, "project type"),
    budget,
    start_date: isoDate("Start date"),
    end_date: isoDate("End date"),
    duration_months: optionalInt("Duration", { min: 0, max: 1200 }),
    completion_percentage: optionalInt("Completion percentage", { min: 0, max: 100 }).transform(
      (v) => v ?? DEFAULTS.completionPercentage,
    ),
    priority: enumWithDefault(PROJECT_PRIORITIES, DEFAULTS.priority, "priority"),
    materials_used: commaList(),
    challenges: optionalFormattedText(LONG_TEXT_MAX, "Challenges"),
    solutions: optionalFormattedText(LONG_TEXT_MAX, "Solutions"),
    testimonial: optionalLongText("Testimonial"),
    tags: commaList(),
    team_members: commaList(),
    technologies_used: commaList(),
    // The Dhivehi values of the texts above, sent as dv.title, dv.description... (docs/decisions/0077-dhivehi-design.md).
    dv: ProjectTranslationsSchema,
    is_featured: checkbox,
    is_public: checkbox,
    show_from: siteMoment("Show from"),
    hide_from: siteMoment("Hide from"),
  })
  .refine(hideAfterShow, HIDE_AFTER_SHOW)
  .refine((p) => !p.start_date || !p.end_date || p.end_date >= p.start_date, {
    path: ["end_date"],
    message: "End date must be on or after the start date",
  });

export type ProjectInput = z.infer<typeof ProjectSchema>;
