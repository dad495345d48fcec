// The contact form's outcome texts, shared by the server (plain form posts), the page and the
// island script that answers in place (app/islands/site.ts). docs/product.md#contact has the texts.

export const ENQUIRY_SUCCESS_TITLE = "Message Sent Successfully!";
export const ENQUIRY_SUCCESS_DESCRIPTION = "Thank you for contacting us. We will respond within 24 hours.";
export const ENQUIRY_NOT_SENT_TITLE = "Message not sent";
export const ENQUIRY_FAILED = "Sorry, your message could not be sent. Please try again or call us.";

/** The outcome of a contact form post: the page's action data (plain post) and /api/enquiries's JSON. */
export type EnquiryPostResult =
  | { ok: true }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };
