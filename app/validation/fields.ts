import { z } from "zod";
import { siteLocalToIso } from "~/lib/site-time";
import { FOCAL_CENTRE, LONG_TEXT_MAX, TEXT_MAX, URL_MAX } from "./constants";

// Building blocks for form schemas. Forms send strings; these turn them into the stored values
// with the rules of docs/product.md#validation (trim, empty -> null, comma lists, whole numbers).

/**
 * Strips NUL and other C0 control characters except tab and newlines (they break logs, CSV and some
 * databases) and the explicit bidi override/isolate controls used to disguise text ("invoice\u202Egpj.exe").
 * Right-to-left scripts such as Dhivehi need none of them: the Unicode bidi algorithm lays them out.
 */
export function clean(value: string): string {
  // Lone surrogates cannot be stored as UTF-8; toWellFormed replaces them with U+FFFD.
  const wellFormed = typeof value.toWellFormed === "function" ? value.toWellFormed() : value;
  // eslint-disable-next-line no-control-regex -- removing control characters is the point
  return wellFormed.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\u202A-\u202E\u2066-\u2069]/g, "");
}

const raw = z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string());

/** Optional text: trimmed, empty -> null, at most `max` characters. */
export const optionalText = (max = TEXT_MAX, label = "This field") =>
  raw
    .transform((v) => clean(v).trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`))
    .transform((v) => (v === "" ? null : v));

export const optionalLongText = (label?: string) => optionalText(LONG_TEXT_MAX, label);

/** Required text: trimmed, non-empty. */
export const requiredText = (message: string, max = TEXT_MAX, label = "This field") =>
  raw
    .transform((v) => clean(v).trim())
    .pipe(z.string().min(1, message).max(max, `${label} must be at most ${max} characters`));

/** A stored link: http(s) URL or a path on this site (uploads and the site's own images). */
export function isSafeUrl(value: string): boolean {
  if (value.startsWith("/") && !value.startsWith("//")) return !/[\s\\]/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const optionalUrl = (message = "Enter a valid http(s) URL") =>
  raw
    .transform((v) => clean(v).trim())
    .pipe(z.string().max(URL_MAX, "URL is too long"))
    .refine((v) => v === "" || isSafeUrl(v), message)
    .transform((v) => (v === "" ? null : v));

/** A list of URLs sent as repeated form fields (or one comma/newline separated field). */
export const urlList = (max = 50) =>
  z
    .preprocess(
      (v) => {
        const items = v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
        return items
          .flatMap((item) => String(item).split(/[\n,]/))
          .map((s) => clean(s).trim())
          .filter(Boolean);
      },
      z.array(z.string().max(URL_MAX, "URL is too long")).max(max, `At most ${max} images`),
    )
    .refine((list) => list.every(isSafeUrl), "Every image must be an http(s) URL or an uploaded file");

/** Comma-separated input -> trimmed list without empty entries. */
export const commaList = (max = 100) =>
  z.preprocess(
    (v) => {
      const items = v === undefined || v === null ? [] : Array.isArray(v) ? v : [v];
      return items
        .flatMap((item) => String(item).split(","))
        .map((s) => clean(s).trim())
        .filter(Boolean);
    },
    z.array(z.string().max(TEXT_MAX, `Each entry must be at most ${TEXT_MAX} characters`)).max(max, `At most ${max} entries`),
  );

/** Checkbox/switch: present and not "false"/"off"/"0" means true. */
export const checkbox = z.preprocess((v) => {
  if (typeof v === "boolean") return v;
  if (v === undefined || v === null) return false;
  return !/^(false|off|0|)$/i.test(String(v).trim());
}, z.boolean());

/** Whole number or null when empty; a clear message when not a number. */
export const optionalInt = (label: string, { min, max }: { min?: number; max?: number } = {}) =>
  raw
    .transform((v) => v.trim())
    .refine((v) => v === "" || /^[-+]?\d{1,9}$/.test(v), `${label} must be a whole number`)
    .transform((v) => (v === "" ? null : Number.parseInt(v, 10)))
    .refine((v) => v === null || min === undefined || v >= min, `${label} must be at least ${min}`)
    .refine((v) => v === null || max === undefined || v <= max, `${label} must be at most ${max}`);

/**
 * One coordinate of an image's focal point, in percent of its width or height (docs/product.md#focal-point):
 * a whole number from 0 to 100; missing or empty is the centre (50), as before focal points existed.
 */
export const focalPercent = (label: string) =>
  z
    .preprocess((v) => (v === undefined || v === null ? "" : typeof v === "number" ? String(v) : v), z.string())
    .transform((v) => v.trim())
    .refine((v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) <= 100), `${label} must be a whole number from 0 to 100`)
    .transform((v) => (v === "" ? FOCAL_CENTRE : Number.parseInt(v, 10)));

/**
 * A moment typed in Maldives time ("2026-12-01T08:00", as a datetime-local field sends it) or given as an ISO moment
 * (a stored version's value): the UTC ISO string, or null when empty (docs/product.md#scheduling).
 */
export const siteMoment = (label: string) =>
  raw
    .transform((v) => v.trim())
    .refine((v) => v === "" || siteLocalToIso(v) !== null, `${label} must be a date and time, e.g. 2026-12-01 08:00`)
    .transform((v) => (v === "" ? null : siteLocalToIso(v)));

/** A select's value: one of the options, or null when empty. */
export const optionalEnum = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  raw
    .transform((v) => v.trim())
    .refine((v) => v === "" || (values as readonly string[]).includes(v), `Choose a valid ${label}`)
    .transform((v) => (v === "" ? null : (v as T[number])));

export const enumWithDefault = <T extends readonly [string, ...string[]]>(values: T, fallback: T[number], label: string) =>
  raw
    .transform((v) => v.trim())
    .refine((v) => v === "" || (values as readonly string[]).includes(v), `Choose a valid ${label}`)
    .transform((v) => (v === "" ? fallback : (v as T[number])));

/**
 * Whether a field's schema takes a list: its value, after any preprocessing, is an array (a gallery, a comma
 * list). Read from the schema itself, so a new list field cannot be forgotten in a hand-kept list of names
 * and silently keep only its last value.
 */
function takesList(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def;
  if (def.type === "array") return true;
  if (def.type === "pipe") {
    const { in: input, out } = def as z.core.$ZodPipeDef;
    // A preprocess is a transform piped into the real schema; a transform after a schema keeps its input's shape.
    return takesList(out) || (out._zod.def.type === "transform" && takesList(input));
  }
  if ("innerType" in def) return takesList((def as { innerType: z.core.$ZodType }).innerType);
  return false;
}

const listFieldCache = new WeakMap<z.ZodType, ReadonlySet<string>>();

/** The fields of an object schema that take a list (every value the form sends under that name). */
export function listFieldsOf(schema: z.ZodType): ReadonlySet<string> {
  let fields = listFieldCache.get(schema);
  if (!fields) {
    const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.core.$ZodType>) : {};
    fields = new Set(Object.keys(shape).filter((key) => takesList(shape[key])));
    listFieldCache.set(schema, fields);
  }
  return fields;
}

/** The object schema inside a field's schema (through preprocess and transforms), or null when it takes no object. */
function objectIn(schema: z.core.$ZodType): z.ZodObject | null {
  if (schema instanceof z.ZodObject) return schema;
  const def = schema._zod.def;
  if (def.type === "pipe") {
    const { in: input, out } = def as z.core.$ZodPipeDef;
    return objectIn(out) ?? objectIn(input);
  }
  if ("innerType" in def) return objectIn((def as { innerType: z.core.$ZodType }).innerType);
  return null;
}

/**
 * Turns FormData into a plain object for `schema`: a field the schema reads as a list keeps every value, any
 * other field its last one. A name `group.field` where the schema's `group` takes an object goes into that object
 * (a record's Dhivehi values, `dv.title`: docs/decisions/0077-dhivehi-design.md), with the same list rule.
 */
export function formValues(formData: FormData, schema: z.ZodType): Record<string, unknown> {
  const lists = listFieldsOf(schema);
  const shape = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.core.$ZodType>) : {};
  const out: Record<string, unknown> = {};
  for (const key of new Set(formData.keys())) {
    const values = formData.getAll(key).filter((v): v is string => typeof v === "string");
    const dot = key.indexOf(".");
    const group = dot > 0 && Object.hasOwn(shape, key.slice(0, dot)) ? objectIn(shape[key.slice(0, dot)]) : null;
    if (group) {
      const name = key.slice(dot + 1);
      const nested = (out[key.slice(0, dot)] ??= {}) as Record<string, unknown>;
      nested[name] = listFieldsOf(group).has(name) ? values : values[values.length - 1];
    } else out[key] = lists.has(key) ? values : values[values.length - 1];
  }
  return out;
}

/** Field errors keyed by field name, first message each: what forms show under each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    // A field inside an object field is named as its form field is: `dv.title` (see formValues).
    const key = typeof issue.path[1] === "string" ? `${String(issue.path[0])}.${issue.path[1]}` : String(issue.path[0] ?? "form");
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
