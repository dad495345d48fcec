// The contact form's behaviour (docs/decisions/0049-contact-form-script-only-where-the-form-is.md): its own inline
// script, which the page cache keeps only on pages that render the form (ATTR.enquiryForm). Without it the form still
// posts as plain HTML (app/routes/api/enquiries.ts answers both). Built on its own by vite.config.ts: import only
// plain modules.

import {
  ENQUIRY_FAILED,
  ENQUIRY_NOT_SENT_TITLE,
  ENQUIRY_SUCCESS_DESCRIPTION,
  ENQUIRY_SUCCESS_TITLE,
  type EnquiryPostResult,
} from "~/content/enquiry";
import {
  ATTACHMENT_FIELD,
  ATTACHMENT_MAX_FILES,
  ATTACHMENTS_TOO_LARGE,
  ATTACHMENTS_TOO_MANY,
  attachmentTooLarge,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_TOTAL_BYTES,
} from "~/validation/constants";
import { ATTR, pageTexts, SEND_STATE, withAttr } from "./attributes";

const TOAST_MS = 5000;

// ---------------------------------------------------------------------------------------------
// Toasts: a small live region, top right, for the contact form's outcome.

/** The form's texts in the page's language (ATTR.messages, a Dhivehi page's), else English. */
let texts: Record<string, string | undefined> = {};

function toast(kind: "success" | "error", heading: string, text: string) {
  let region = document.getElementById("toasts");
  if (!region) {
    region = document.createElement("section");
    region.id = "toasts";
    region.setAttribute("aria-label", texts.notifications ?? "Notifications");
    region.className = "toasts";
    document.body.append(region);
  }
  const item = document.createElement("div");
  item.className = `toast toast-${kind}`;
  item.setAttribute("role", kind === "error" ? "alert" : "status");
  const strong = document.createElement("p");
  strong.className = "toast-title";
  strong.textContent = heading;
  const body = document.createElement("p");
  body.textContent = text;
  const close = document.createElement("button");
  close.type = "button";
  close.className = "toast-close";
  close.setAttribute("aria-label", texts.closeNotification ?? "Close notification");
  close.textContent = "×";
  item.append(strong, body, close);
  region.append(item);
  const remove = () => item.remove();
  close.addEventListener("click", remove);
  // Kept while hovered or focused, so it can be read at leisure.
  let timer = window.setTimeout(remove, TOAST_MS);
  item.addEventListener("mouseenter", () => window.clearTimeout(timer));
  item.addEventListener("mouseleave", () => (timer = window.setTimeout(remove, TOAST_MS)));
}

// ---------------------------------------------------------------------------------------------
// Contact form: posted with fetch to /api/enquiries (same validation and storage as the plain
// post the form makes without JavaScript). 'Sending Message...' while it goes, then a toast.

/** `fromServer`: the messages are the server's, in English, which a page in another language replaces with its own. */
function showFieldErrors(form: HTMLFormElement, errors: Record<string, string>, fromServer = true) {
  for (const old of form.querySelectorAll(withAttr(ATTR.fieldError))) old.remove();
  for (const control of form.querySelectorAll<HTMLElement>("[aria-invalid]")) {
    control.removeAttribute("aria-invalid");
    control.removeAttribute("aria-describedby");
  }
  for (const banner of form.querySelectorAll(withAttr(ATTR.formOutcome))) banner.remove();
  let first: HTMLElement | null = null;
  for (const [name, message] of Object.entries(errors)) {
    const control = form.elements.namedItem(name);
    if (!(control instanceof HTMLElement)) continue;
    const note = document.createElement("p");
    note.id = `contact-${name}-error`;
    note.setAttribute(ATTR.fieldError, "");
    note.className = "field-error";
    // The server answers in English: a page in another language shows its own message for the field.
    note.textContent = (fromServer ? texts[`error_${name}`] : undefined) ?? message;
    control.after(note);
    control.setAttribute("aria-invalid", "true");
    control.setAttribute("aria-describedby", note.id);
    first ??= control;
  }
  first?.focus();
}

/** The limits the server enforces, checked first so nobody waits for 25 MB to be refused (the server's check counts). */
function attachmentProblem(input: HTMLInputElement | null): string | null {
  const files = Array.from(input?.files ?? []);
  if (files.length > ATTACHMENT_MAX_FILES) return texts.tooMany ?? ATTACHMENTS_TOO_MANY;
  const big = files.find((f) => f.size > MAX_ATTACHMENT_BYTES);
  if (big) return texts.fileTooLarge ? texts.fileTooLarge.replace("{name}", big.name.slice(0, 80)) : attachmentTooLarge(big.name);
  if (files.reduce((sum, f) => sum + f.size, 0) > MAX_ATTACHMENTS_TOTAL_BYTES) return texts.tooLarge ?? ATTACHMENTS_TOO_LARGE;
  return null;
}

export function initContactForm() {
  const form = document.querySelector<HTMLFormElement>(withAttr(ATTR.enquiryForm, "form"));
  if (!form) return;
  texts = pageTexts(form);
  // The referring site, for the lead's source (only another site's; the page itself is cached for everyone).
  const referrer = form.elements.namedItem("referrer");
  if (referrer instanceof HTMLInputElement && !referrer.value && document.referrer) {
    try {
      if (new URL(document.referrer).origin !== location.origin) referrer.value = document.referrer;
    } catch {
      // Not a URL: nothing to record.
    }
  }
  // The campaign tags of the address, for the lead's source: the page is the same for every campaign (it is
  // stored once), so they are read here (app/.server/cache/page-cache.ts).
  const params = new URLSearchParams(location.search);
  for (const name of ["utm_source", "utm_medium", "utm_campaign"]) {
    const field = form.elements.namedItem(name);
    const value = params.get(name);
    if (field instanceof HTMLInputElement && !field.value && value) field.value = value.slice(0, 200);
  }
  // A form without its submit button still sends (Enter in a field): then there are no labels to switch.
  const submit = form.querySelector<HTMLButtonElement>("button[type=submit]");
  const setSending = (sending: boolean) => {
    if (!submit) return;
    submit.disabled = sending;
    for (const label of submit.querySelectorAll<HTMLElement>(withAttr(ATTR.when))) {
      label.hidden = label.getAttribute(ATTR.when) !== (sending ? SEND_STATE.sending : SEND_STATE.idle);
    }
  };

  // A failed request is caught below and shown as a refusal: the promise never rejects.
  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    const problem = attachmentProblem(form.elements.namedItem(ATTACHMENT_FIELD) as HTMLInputElement | null);
    if (problem) {
      // The problem itself (already in the page's language), not the field's general message.
      showFieldErrors(form, { [ATTACHMENT_FIELD]: problem }, false);
      toast("error", texts.notSentTitle ?? ENQUIRY_NOT_SENT_TITLE, problem);
      return;
    }
    setSending(true);
    let answer: EnquiryPostResult;
    try {
      const response = await fetch(form.getAttribute(ATTR.endpoint) ?? "/api/enquiries", {
        method: "POST",
        body: new FormData(form),
        headers: { Accept: "application/json" },
      });
      answer = (await response.json()) as EnquiryPostResult;
    } catch {
      answer = { ok: false, message: texts.notSentText ?? ENQUIRY_FAILED, fieldErrors: {}, values: {} };
    }
    setSending(false);
    if (answer.ok) {
      form.reset();
      showFieldErrors(form, {});
      toast("success", texts.sentTitle ?? ENQUIRY_SUCCESS_TITLE, texts.sentText ?? ENQUIRY_SUCCESS_DESCRIPTION);
    } else {
      // Another refusal (the cross-site check's 403, a proxy's error page as JSON) may carry neither.
      showFieldErrors(form, answer.fieldErrors ?? {});
      // A page in another language says so in its own words: the server's message is English.
      toast("error", texts.notSentTitle ?? ENQUIRY_NOT_SENT_TITLE, (texts.notSentText ? null : answer.message) ?? texts.notSentText ?? ENQUIRY_FAILED);
    }
  };
  form.addEventListener("submit", (event) => void onSubmit(event));
}
