import {
  CATEGORY_TYPES,
  CONTACT_TYPES,
  PRICING_MODELS,
  PROJECT_PRIORITIES,
  PROJECT_STATUS_LABELS,
  PROJECT_STATUSES,
  PROJECT_TYPES,
  SERVICE_TYPES,
  SOCIAL_PLATFORMS,
} from "~/validation/constants";

// Display labels for the enumerations of docs/product.md#enumerations-and-defaults, and the admin's formatters.

export interface Option {
  value: string;
  label: string;
}

const titleCase = (value: string) => value.replace(/_/g, " ").replace(/\b\w/g, (c) => c.toUpperCase());

const options = (values: readonly string[], labels: Record<string, string> = {}): Option[] =>
  values.map((value) => ({ value, label: labels[value] ?? titleCase(value) }));

export const SERVICE_TYPE_OPTIONS = options(SERVICE_TYPES);
export const PRICING_MODEL_OPTIONS = options(PRICING_MODELS, {
  fixed: "Fixed Price",
  hourly: "Hourly",
  project: "Project-based",
  consultation: "Consultation",
});
export const PROJECT_TYPE_OPTIONS = options(PROJECT_TYPES);
export const PROJECT_STATUS_OPTIONS = options(PROJECT_STATUSES, PROJECT_STATUS_LABELS);
export const PROJECT_PRIORITY_OPTIONS = options(PROJECT_PRIORITIES);
export const CONTACT_TYPE_OPTIONS = options(CONTACT_TYPES, { whatsapp: "WhatsApp", viber: "Viber" });
export const SOCIAL_PLATFORM_OPTIONS = options(SOCIAL_PLATFORMS, { linkedin: "LinkedIn", twitter: "Twitter / X" });
export const CATEGORY_TYPE_OPTIONS = options(CATEGORY_TYPES, { both: "Services and projects" });

export function labelFor(list: Option[], value: string | null | undefined): string | null {
  if (!value) return null;
  return list.find((o) => o.value === value)?.label ?? titleCase(value);
}

/** The first letter of a name or email, for avatars. */
export function initialOf(name: string | null | undefined, fallback = "A"): string {
  const trimmed = name?.trim();
  return (trimmed ? trimmed[0] : fallback).toUpperCase();
}
