// The translatable fields of each entity (docs/decisions/0077-dhivehi-design.md): the one list the dialogs, the
// "Dhivehi: N of M" count, the "Needs Dhivehi" filter and the public pages' localize() use. Plain lists without zod,
// so the admin list pages count them without loading the forms' schemas; app/validation/translations.ts checks each
// field's Dhivehi value against exactly these names.

/** A service's texts a visitor reads, in form order. */
export const SERVICE_TRANSLATABLE = [
  "title",
  "short_description",
  "description",
  "overview",
  "features",
  "benefits",
  "duration_estimate",
  "prerequisites",
  "warranty",
  "availability",
  "target_audience",
] as const;

/** A project's texts a visitor reads, in form order. */
export const PROJECT_TRANSLATABLE = [
  "title",
  "short_description",
  "description",
  "challenges",
  "solutions",
  "project_location",
  "client_name",
  "testimonial",
  "materials_used",
  "technologies_used",
  "tags",
] as const;

export type ServiceTranslatable = (typeof SERVICE_TRANSLATABLE)[number];
export type ProjectTranslatable = (typeof PROJECT_TRANSLATABLE)[number];

/** The admin lists' "Needs Dhivehi" filter: `?dhivehi=needed` (anything else lists every record). */
export const NEEDS_DHIVEHI_PARAM = "dhivehi";
export const needsDhivehiRequested = (params: URLSearchParams) => params.get(NEEDS_DHIVEHI_PARAM) === "needed";
