import { formatBudget } from "~/lib/format";
import { FOCAL_CENTRE } from "~/validation/constants";
import { labelFor, type Option, PRICING_MODEL_OPTIONS, PROJECT_PRIORITY_OPTIONS, PROJECT_STATUS_OPTIONS, PROJECT_TYPE_OPTIONS, SERVICE_TYPE_OPTIONS } from "./labels";

// The fields a version of a service or project shows on its History page, in form order, and how each
// value reads (docs/decisions/0013-versions-and-trash.md).

export interface VersionField {
  key: string;
  label: string;
  options?: Option[];
  format?: (value: unknown) => string;
}

const yesNo = (value: unknown) => (value === true ? "Yes" : "No");
// A version saved before focal points existed had the centre (docs/product.md#focal-point).
const percent = (value: unknown) => `${typeof value === "number" ? value : FOCAL_CENTRE}%`;
/** A field's label as its English row has it (the lists are read when a value is shown, after they are made). */
const englishLabel = (key: string) => [...SERVICE_VERSION_FIELDS, ...PROJECT_VERSION_FIELDS].find((f) => f.key === key)?.label ?? key;

/**
 * A version's Dhivehi values (docs/decisions/0077-dhivehi-design.md): one line per translated field, "Title: ...",
 * lists joined with the Arabic comma Thaana text uses.
 */
const dhivehi = (value: unknown) =>
  value && typeof value === "object" && !Array.isArray(value)
    ? Object.entries(value as Record<string, unknown>)
        .map(([key, v]) => `${englishLabel(key)}: ${Array.isArray(v) ? v.map(String).join("، ") : String(v)}`)
        .join("\n")
    : "";
const DHIVEHI_FIELD: VersionField = { key: "dv", label: "Dhivehi", format: dhivehi };

const FOCAL_FIELDS: VersionField[] = [
  { key: "featured_image_focal_x", label: "Focal point across", format: percent },
  { key: "featured_image_focal_y", label: "Focal point down", format: percent },
];

export const SERVICE_VERSION_FIELDS: VersionField[] = [
  { key: "title", label: "Title" },
  { key: "short_description", label: "Short description" },
  { key: "description", label: "Description" },
  { key: "overview", label: "Overview" },
  { key: "category", label: "Category" },
  { key: "service_type", label: "Service type", options: SERVICE_TYPE_OPTIONS },
  { key: "pricing_model", label: "Pricing model", options: PRICING_MODEL_OPTIONS },
  { key: "duration_estimate", label: "Duration estimate" },
  { key: "target_audience", label: "Target audience" },
  { key: "availability", label: "Availability" },
  { key: "prerequisites", label: "Prerequisites" },
  { key: "warranty", label: "Warranty" },
  { key: "features", label: "Features" },
  { key: "benefits", label: "Benefits" },
  { key: "icon", label: "Icon" },
  { key: "featured_image_url", label: "Featured image" },
  ...FOCAL_FIELDS,
  { key: "gallery", label: "Gallery" },
  DHIVEHI_FIELD,
  { key: "is_active", label: "Active", format: yesNo },
  { key: "sort_order", label: "Sort order" },
];

export const PROJECT_VERSION_FIELDS: VersionField[] = [
  { key: "title", label: "Title" },
  { key: "short_description", label: "Short description" },
  { key: "description", label: "Description" },
  { key: "category", label: "Category" },
  { key: "project_type", label: "Project type", options: PROJECT_TYPE_OPTIONS },
  { key: "status", label: "Status", options: PROJECT_STATUS_OPTIONS },
  { key: "priority", label: "Priority", options: PROJECT_PRIORITY_OPTIONS },
  { key: "project_location", label: "Location" },
  { key: "budget", label: "Budget", format: (v) => (v === null || v === undefined ? "" : formatBudget(v as number)) },
  { key: "start_date", label: "Start date" },
  { key: "end_date", label: "End date" },
  { key: "duration_months", label: "Duration (months)" },
  { key: "completion_percentage", label: "Completion %" },
  { key: "client_name", label: "Client name" },
  { key: "client_email", label: "Client email" },
  { key: "client_phone", label: "Client phone" },
  { key: "challenges", label: "Challenges" },
  { key: "solutions", label: "Solutions" },
  { key: "testimonial", label: "Testimonial" },
  { key: "materials_used", label: "Materials used" },
  { key: "technologies_used", label: "Technologies" },
  { key: "team_members", label: "Team members" },
  { key: "tags", label: "Tags" },
  { key: "featured_image_url", label: "Featured image" },
  ...FOCAL_FIELDS,
  { key: "gallery_images", label: "Gallery" },
  DHIVEHI_FIELD,
  { key: "is_public", label: "Public", format: yesNo },
  { key: "is_featured", label: "Featured", format: yesNo },
];

/** How a stored value reads: lists one per line, empty as an empty string. */
export function displayValue(field: VersionField, value: unknown): string {
  if (field.format) return field.format(value);
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(String).join("\n");
  if (field.options) return labelFor(field.options, String(value)) ?? String(value);
  return String(value);
}

export const VERSION_ACTION_LABELS: Record<string, string> = {
  create: "Created",
  update: "Edited",
  status: "Status changed",
  restore: "Restored",
};
