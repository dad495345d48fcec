import { z } from "zod";
import type { Language } from "~/i18n/language";
import { optionalText, requiredText } from "./fields";
import { LEAD_STAGES, type LeadStage } from "./lead-stages";

// Leads (docs/decisions/0017-leads-pipeline.md): the stages an enquiry moves through and the forms
// of a lead's page. Shared by the admin page (feedback) and its action (the decision).

export { LEAD_STAGES, type LeadStage, STAGE_LABELS } from "./lead-stages";

/** The open pipeline, in order: moving a card "forward" goes to the next one. */
export const PIPELINE: readonly LeadStage[] = ["new", "contacted", "quoted", "won"];

export const isLeadStage = (value: unknown): value is LeadStage => (LEAD_STAGES as readonly unknown[]).includes(value);

export const NOTE_MAX = 5000;
export const LOST_REASON_MAX = 500;
export const REPLY_BODY_MAX = 20_000;
/** Estimated values are US dollars, whole cents, below a billion. */
export const VALUE_MAX = 999_999_999;

const StageFields = z.object({
  stage: z.enum(LEAD_STAGES, { error: "Choose a stage" }),
  lost_reason: optionalText(LOST_REASON_MAX, "Reason"),
});

/** A lost lead says why. */
const needsLostReason = <T extends z.ZodType<{ stage: LeadStage; lost_reason: string | null }>>(schema: T) =>
  schema.refine((v) => v.stage !== "lost" || v.lost_reason !== null, { path: ["lost_reason"], message: "Please give a reason why the lead was lost" });

export const StageSchema = needsLostReason(StageFields);

export const NoteSchema = z.object({ body: requiredText("Please write a note", NOTE_MAX, "Note") });

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real day: 2026-02-31 is not one (Date would roll it over into March). */
function isCalendarDate(value: string): boolean {
  if (!DATE.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** A calendar date (YYYY-MM-DD, the value of an <input type=date>) or empty to clear it. */
export const FollowUpSchema = z.object({
  follow_up_on: optionalText(10, "Date").refine((v) => v === null || isCalendarDate(v), { message: "Enter a valid date" }),
});

export const ValueSchema = z.object({
  estimated_value: optionalText(20, "Value")
    .transform((v) => (v === null ? null : Number(v.replace(/[$,\s]/g, ""))))
    .refine((v) => v === null || (Number.isFinite(v) && v >= 0 && v <= VALUE_MAX), { message: "Enter an amount in US dollars" })
    .transform((v) => (v === null ? null : Math.round(v * 100) / 100)),
});

export const AssigneeSchema = z.object({ assignee_id: optionalText(100, "Assignee") });

/** The lead's details form: stage, assignee, follow-up and value, saved together by one button. */
export const LeadDetailsSchema = needsLostReason(z.object({ ...StageFields.shape, ...AssigneeSchema.shape, ...FollowUpSchema.shape, ...ValueSchema.shape }));

/** No line breaks in anything that becomes a mail header (no header injection). */
const headerLine = (label: string, max: number) =>
  requiredText(`Please enter a ${label.toLowerCase()}`, max, label).refine((v) => !/[\r\n]/.test(v), { message: `${label} must be one line` });

export const ReplySchema = z.object({
  subject: headerLine("Subject", 200),
  body: requiredText("Please write a message", REPLY_BODY_MAX, "Message"),
});

/** An optional line that may become a mail header: empty is none, and it never holds a line break. */
const optionalHeaderLine = (label: string, max: number) =>
  optionalText(max, label).refine((v) => v === null || !/[\r\n]/.test(v), { message: `${label} must be one line` });

/**
 * A reply template, with its optional Dhivehi version (docs/decisions/0077-dhivehi-design.md, Enquiries): the Dhivehi
 * message makes the version; its subject may be left empty (the English one is used), but not given alone.
 */
export const ReplyTemplateSchema = z
  .object({
    name: requiredText("Please enter a name", 100, "Name"),
    subject: headerLine("Subject", 200),
    body: requiredText("Please write the message", REPLY_BODY_MAX, "Message"),
    subject_dv: optionalHeaderLine("Dhivehi subject", 200),
    body_dv: optionalText(REPLY_BODY_MAX, "Dhivehi message"),
  })
  .refine((v) => v.subject_dv === null || v.body_dv !== null, {
    path: ["body_dv"],
    message: "Please write the Dhivehi message, or clear the Dhivehi subject",
  });

export type ReplyTemplateInput = z.infer<typeof ReplyTemplateSchema>;

/**
 * What a template says to a lead written in `language`: its Dhivehi version for a Dhivehi lead when it has one (the
 * English subject when the Dhivehi one is empty), else the English; `language` of the answer is the version's.
 */
export function templateForLanguage(
  template: { subject: string; body: string; subject_dv: string | null; body_dv: string | null },
  language: Language,
): { subject: string; body: string; language: Language } {
  if (language === "dv" && template.body_dv) return { subject: template.subject_dv ?? template.subject, body: template.body_dv, language: "dv" };
  return { subject: template.subject, body: template.body, language: "en" };
}

/** Fills a template's {name}, {project_type} and {company}; other braces stay as they are. */
export function fillTemplate(text: string, values: { name: string; project_type: string; company: string }): string {
  return text.replace(/\{(name|project_type|company)\}/g, (_, key: keyof typeof values) => values[key]);
}

/** The lead view of the enquiries page: list (the folders) or the board. */
export type LeadView = "list" | "board";
