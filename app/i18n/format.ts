import { formatBudget, formatDate, formatLabel, formatMonths, formatPricingModel, formatStatus, NOT_AVAILABLE, orNotAvailable } from "~/lib/format";
import type { PricingModel, ProjectStatus, ProjectType, ServiceType } from "~/validation/constants";
import { dv } from "./dv";
import type { Messages } from "./en";
import type { Language } from "./language";
import { formatDhivehiDate, useLanguage } from "./messages";

// The public pages' display formats in each language (docs/product.md#display-formats). English pages keep
// app/lib/format.ts exactly; Dhivehi pages take the catalogue's words, Western digits and US dollars as they are
// (docs/decisions/0077-dhivehi-design.md).

export interface Formats {
  date(value: string | Date | null | undefined): string;
  months(value: number | null | undefined): string;
  budget(value: number | string | null | undefined): string;
  status(value: string | null | undefined): string;
  pricing(value: string | null | undefined): string;
  /** A service type or project type (`residential` -> Residential). */
  kind(value: string | null | undefined): string;
  orNotAvailable(value: string | null | undefined): string;
}

const STATUS_KEYS: Record<ProjectStatus, keyof Messages> = {
  draft: "statusDraft",
  planning: "statusPlanning",
  in_progress: "statusInProgress",
  review: "statusReview",
  completed: "statusCompleted",
  on_hold: "statusOnHold",
  cancelled: "statusCancelled",
};

const PRICING_KEYS: Record<PricingModel, keyof Messages> = {
  fixed: "pricingFixed",
  hourly: "pricingHourly",
  project: "pricingProject",
  consultation: "pricingConsultation",
};

const KIND_KEYS: Record<ServiceType | ProjectType, keyof Messages> = {
  construction: "typeConstruction",
  renovation: "typeRenovation",
  consulting: "typeConsulting",
  maintenance: "typeMaintenance",
  design: "typeDesign",
  residential: "typeResidential",
  commercial: "typeCommercial",
  industrial: "typeIndustrial",
  infrastructure: "typeInfrastructure",
};

/** A word of the Dhivehi catalogue by key, when the key is one of `keys`. */
function dvWord<T extends string>(keys: Record<T, keyof Messages>, value: string): string | null {
  const key = (keys as Record<string, keyof Messages | undefined>)[value];
  return key ? (dv[key] as string) : null;
}

const ENGLISH: Formats = { date: formatDate, months: formatMonths, budget: formatBudget, status: formatStatus, pricing: formatPricingModel, kind: formatLabel, orNotAvailable };

const DHIVEHI: Formats = {
  date: formatDhivehiDate,
  months: (value) => (value === null || value === undefined || !Number.isFinite(value) ? dv.notAvailable : dv.months(value)),
  budget: (value) => {
    const text = formatBudget(value);
    return text === NOT_AVAILABLE ? dv.notAvailable : text;
  },
  // A missing status reads In Progress, as in English; an unknown one keeps its English label.
  status: (value) => dvWord(STATUS_KEYS, value?.trim() || "in_progress") ?? formatStatus(value),
  pricing: (value) => {
    if (value === null || value === undefined || value.trim() === "") return dv.notAvailable;
    return dvWord(PRICING_KEYS, value.trim()) ?? formatPricingModel(value);
  },
  // A type the catalogue does not know (none the forms allow) keeps its English label.
  kind: (value) => dvWord(KIND_KEYS, value?.trim() ?? "") ?? formatLabel(value),
  orNotAvailable: (value) => {
    const text = orNotAvailable(value);
    return text === NOT_AVAILABLE && (value === null || value === undefined || value.trim() === "") ? dv.notAvailable : text;
  },
};

export function formatsFor(language: Language): Formats {
  return language === "dv" ? DHIVEHI : ENGLISH;
}

/** The display formats of the page being rendered (its language from the root layout's context). */
export function useFormats(): Formats {
  return formatsFor(useLanguage());
}
