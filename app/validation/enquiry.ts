import { z } from "zod";
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

export const ENQUIRY_FOLDERS = ["inbox", "new", "read", "archived", "spam"] as const;
export type EnquiryFolder = (typeof ENQUIRY_FOLDERS)[number];

/**
 * The folder, search and lead stage of the inbox from its URL (?status=&q=&stage=); an unknown folder is the inbox,
 * an unknown stage none (docs/decisions/0057-lead-board-columns-and-stage-filter.md).
 */
export function enquiryFilter(params: URLSearchParams): { status: EnquiryFolder; q: string; stage: LeadStage | null } {
  const status = params.get("status") ?? "inbox";
  const stage = params.get("stage") ?? "";
  return {
    status: (ENQUIRY_FOLDERS as readonly string[]).includes(status) ? (status as EnquiryFolder) : "inbox",
    q: (params.get("q") ?? "").trim().slice(0, 200),
    stage: (LEAD_STAGES as readonly string[]).includes(stage) ? (stage as LeadStage) : null,
  };
}
