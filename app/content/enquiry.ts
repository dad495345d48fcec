// The contact form's outcome texts, shared by the server (plain form posts), the page and the
// island script that answers in place (app/islands/site.ts). docs/product.md#contact has the texts.

export const ENQUIRY_SUCCESS_TITLE = "Message Sent Successfully!";
export const ENQUIRY_SUCCESS_DESCRIPTION = "Thank you for contacting us. We will respond within 24 hours.";
export const ENQUIRY_NOT_SENT_TITLE = "Message not sent";
export const ENQUIRY_FAILED = "Sorry, your message could not be sent. Please try again or call us.";

/** Hidden fields of the contact form that say where a lead came from (docs/decisions/0017-leads-pipeline.md). */
export const SOURCE_FIELDS = ["source_page", "referrer", "utm_source", "utm_medium", "utm_campaign"] as const;

/** What the form starts with when a call to action or a campaign link led to it. */
export interface ContactPrefill {
  subject: string | null;
  source_page: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
}

/** The outcome of a contact form post: the page's action data (plain post) and /api/enquiries's JSON. */
export type EnquiryPostResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };
