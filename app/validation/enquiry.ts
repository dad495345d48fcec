import { z } from "zod";
import { LANGUAGES, type Language } from "~/i18n/language";
import { optionalText, requiredText } from "./fields";
import { LEAD_STAGES, type LeadStage } from "./lead-stages";

/** The contact form (docs/product.md#contact: Full Name, Email Address, Phone optional, Project Type, Project Details). */
export const EnquirySchema = z.object({
  name: requiredText("Please enter your full name", 200, "Full name"),
  email: z
    .preprocess((v) => (v === undefined || v === null ? "" : String(v).trim()), z.string())
    .pipe(z.string().max(255, "Email must be less than 255 characters").pipe(z.email("Please enter a valid email address"))),
  phone: optionalText(50, "Phone"),
  subject: requiredText("Please tell us the project type", 200, "Project type"),
  message: requiredText("Please describe your project", 5000, "Project details"),
});

export type EnquiryInput = z.infer<typeof EnquirySchema>;

export const ENQUIRY_STATUSES = ["new", "read", "archived", "spam"] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

// Kept in constants.ts (no zod) so the public page's bundle does not carry the validation library.
export { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "./constants";

/**
 * The contact form's hidden field naming the language of the page it was sent from (docs/decisions/0077-dhivehi-design.md,
 * Enquiries). Only `dv` is Dhivehi: any other value is English, so an odd value never fails a visitor's message.
 */
export const ENQUIRY_LANGUAGE_FIELD = "language";

export function enquiryLanguage(value: unknown): Language {
  return typeof value === "string" && value.trim() === "dv" ? "dv" : "en";
}

/** A language of the inbox's filter (?language=), or none for every language. */
export function languageFilter(value: string | null): Language | null {
  return (LANGUAGES as readonly (string | null)[]).includes(value) ? (value as Language) : null;
}

export const ENQUIRY_FOLDERS = ["inbox", "new", "read", "archived", "spam"] as const;
export type EnquiryFolder = (typeof ENQUIRY_FOLDERS)[number];

/**
 * The folder, search, lead stage and language of the inbox from its URL (?status=&q=&stage=&language=); an unknown
 * folder is the inbox, an unknown stage or language none (docs/decisions/0057-lead-board-columns-and-stage-filter.md).
 */
export function enquiryFilter(params: URLSearchParams): { status: EnquiryFolder; q: string; stage: LeadStage | null; language: Language | null } {
  const status = params.get("status") ?? "inbox";
  const stage = params.get("stage") ?? "";
  return {
    status: (ENQUIRY_FOLDERS as readonly string[]).includes(status) ? (status as EnquiryFolder) : "inbox",
    q: (params.get("q") ?? "").trim().slice(0, 200),
    stage: (LEAD_STAGES as readonly string[]).includes(stage) ? (stage as LeadStage) : null,
    language: languageFilter(params.get("language")),
  };
}
