import { z } from "zod";
import { LONG_TEXT_MAX, TEXT_MAX } from "./constants";
import { clean, listFieldsOf, optionalLongText, optionalText } from "./fields";
import { optionalFormattedText } from "./formatted-text";
import type { ProjectTranslatable, ServiceTranslatable } from "./translatable-fields";

export { NEEDS_DHIVEHI_PARAM, needsDhivehiRequested, PROJECT_TRANSLATABLE, SERVICE_TRANSLATABLE } from "./translatable-fields";

// The Dhivehi values of a service's or project's visitor-facing texts (docs/decisions/0077-dhivehi-design.md), one
// for each field of its list in translatable-fields.ts (`satisfies` holds the two to the same names). Pictures,
// numbers, dates, flags and order are shared, so they are not here. Each Dhivehi value has the English field's own
// limits and checks (formatted text stays formatted text).

/** The form field of a field's Dhivehi value: `dv.title` (formValues gathers them into one `dv` object). */
export const dvName = (field: string) => `dv.${field}`;

/** Dhivehi lists are typed with the Latin comma or the Arabic comma Thaana text uses (،). */
const dvList = (max = 100) =>
  z.preprocess(
    (v) => {
      const items = v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
      return items
        .flatMap((item) => String(item).split(/[,،]/))
        .map((s) => clean(s).trim())
        .filter(Boolean);
    },
    z.array(z.string().max(TEXT_MAX, `Each entry must be at most ${TEXT_MAX} characters`)).max(max, `At most ${max} entries`),
  );

/** The Dhivehi fields of a service, each as its English field is checked (app/validation/service.ts). */
const SERVICE_DV_SHAPE = {
  title: optionalText(200, "Dhivehi title"),
  short_description: optionalText(500, "Dhivehi short description"),
  description: optionalFormattedText(LONG_TEXT_MAX, "Dhivehi description"),
  overview: optionalFormattedText(LONG_TEXT_MAX, "Dhivehi overview"),
  features: dvList(),
  benefits: dvList(),
  duration_estimate: optionalText(100, "Dhivehi duration estimate"),
  prerequisites: optionalLongText("Dhivehi prerequisites"),
  warranty: optionalText(500, "Dhivehi warranty"),
  availability: optionalText(200, "Dhivehi availability"),
  target_audience: optionalText(200, "Dhivehi target audience"),
} satisfies Record<ServiceTranslatable, z.ZodType>;

/** The Dhivehi fields of a project (app/validation/project.ts): what its public page shows in words. */
const PROJECT_DV_SHAPE = {
  title: optionalText(200, "Dhivehi title"),
  short_description: optionalText(500, "Dhivehi short description"),
  description: optionalFormattedText(LONG_TEXT_MAX, "Dhivehi description"),
  challenges: optionalFormattedText(LONG_TEXT_MAX, "Dhivehi challenges"),
  solutions: optionalFormattedText(LONG_TEXT_MAX, "Dhivehi solutions"),
  project_location: optionalText(200, "Dhivehi location"),
  client_name: optionalText(200, "Dhivehi client name"),
  testimonial: optionalLongText("Dhivehi testimonial"),
  materials_used: dvList(),
  technologies_used: dvList(),
  tags: dvList(),
} satisfies Record<ProjectTranslatable, z.ZodType>;

type Shape = Record<string, z.ZodType>;
/** The stored Dhivehi values: only the fields that have one. */
export type DvValues<S extends Shape> = { [K in keyof S]?: NonNullable<z.output<S[K]>> };

/** Drops empty values, so a stored `dv` holds only what is translated, and is null when nothing is. */
function compact<S extends Shape>(values: Record<string, unknown>): DvValues<S> | null {
  const kept = Object.entries(values).filter(([, v]) => v !== null && v !== undefined && v !== "" && !(Array.isArray(v) && v.length === 0));
  return kept.length ? (Object.fromEntries(kept) as DvValues<S>) : null;
}

/**
 * A record's `dv` field: the form's `dv.*` fields (gathered by formValues) or a stored version's object. Anything
 * else (a string, a list) reads as no translations; unknown keys are dropped by the object schema.
 */
function translationsSchema<S extends Shape>(shape: S) {
  return z
    .preprocess((v) => (v && typeof v === "object" && !Array.isArray(v) ? v : {}), z.object(shape))
    .transform((values) => compact<S>(values as Record<string, unknown>));
}

export const ServiceTranslationsSchema = translationsSchema(SERVICE_DV_SHAPE);
export const ProjectTranslationsSchema = translationsSchema(PROJECT_DV_SHAPE);

export type ServiceTranslations = DvValues<typeof SERVICE_DV_SHAPE>;
export type ProjectTranslations = DvValues<typeof PROJECT_DV_SHAPE>;


/** Which of them are lists (features, materials...): stored as lists of strings. */
export const SERVICE_DV_LISTS = listFieldsOf(z.object(SERVICE_DV_SHAPE));
export const PROJECT_DV_LISTS = listFieldsOf(z.object(PROJECT_DV_SHAPE));

/** The Dhivehi name of a category (migration 0022_dhivehi_records): optional, as long as the English one. */
export const categoryNameDv = optionalText(100, "Dhivehi name");
