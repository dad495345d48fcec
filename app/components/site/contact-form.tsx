import { Icon } from "~/components/site/icon";
import { en, type Messages } from "~/i18n/en";
import { localizedPath } from "~/i18n/language";
import { useLanguage, useMessages } from "~/i18n/messages";
import { type ContactPrefill, ENQUIRY_SUCCESS_DESCRIPTION, ENQUIRY_SUCCESS_TITLE, type EnquiryPostResult, SOURCE_FIELDS } from "~/content/enquiry";
import { ATTR, dataAttr, SEND_STATE } from "~/islands/attributes";
import { CONTACT_FORM_ID, FormTokenInput } from "./form-token";
import {
  ATTACHMENT_ACCEPT,
  ATTACHMENT_FIELD,
  ATTACHMENT_MAX_FILES,
  HONEYPOT_FIELD,
  MAX_ATTACHMENT_MB,
  MAX_ATTACHMENTS_TOTAL_MB,
} from "~/validation/constants";

/** What the home page's action answers (app/routes/public/home.tsx). */
export type EnquiryActionData = EnquiryPostResult;

/**
 * Each field's error in the catalogue. The server's messages are English; a page in another language shows its
 * catalogue's message for the field instead (docs/decisions/0089-fixed-words-as-typed-catalogues.md).
 */
function fieldErrorText(m: Messages, name: string): string {
  switch (name) {
    case "name":
      return m.errorName;
    case "email":
      return m.errorEmail;
    case "phone":
      return m.errorPhone;
    case "subject":
      return m.errorSubject;
    case "message":
      return m.errorMessage;
    default:
      return m.formAttachmentsHint(ATTACHMENT_MAX_FILES, MAX_ATTACHMENT_MB, MAX_ATTACHMENTS_TOTAL_MB);
  }
}

/**
 * The texts the contact form's island writes (toasts, field errors), in the page's language, for ATTR.messages;
 * none on an English page, where the island keeps its own. "{name}" is left for the island to fill.
 */
function islandTexts(m: Messages): Record<string, string> | null {
  if (m === en) return null;
  return {
    sentTitle: m.sentTitle,
    sentText: m.sentText,
    notSentTitle: m.notSentTitle,
    notSentText: m.notSentText,
    notifications: m.notifications,
    closeNotification: m.closeNotification,
    tooMany: m.errorTooManyFiles(ATTACHMENT_MAX_FILES),
    tooLarge: m.errorFilesTooLarge(MAX_ATTACHMENTS_TOTAL_MB),
    fileTooLarge: m.errorFileTooLarge("{name}", MAX_ATTACHMENT_MB),
    ...Object.fromEntries(["name", "email", "phone", "subject", "message", ATTACHMENT_FIELD].map((field) => [`error_${field}`, fieldErrorText(m, field)])),
  };
}

/**
 * The contact form. docs/product.md#enquiries: it posts to the server, which stores the enquiry
 * before anything else. Without JavaScript it is a plain post to the home page, which comes back
 * with the outcome (`result`). With JavaScript, app/islands/site.ts sends it to /api/enquiries:
 * the visitor sees 'Sending Message...', then 'Message Sent Successfully!' and a cleared form; on a
 * failure an error toast, and what they typed stays.
 */

export function ContactForm({
  formToken,
  result,
  prefill,
  tokenAtEnd = true,
}: {
  formToken: string;
  result?: EnquiryActionData;
  prefill?: ContactPrefill | null;
  /** False to keep the token field inside the form (a page whose layout does not add it at the end). */
  tokenAtEnd?: boolean;
}) {
  const m = useMessages();
  const language = useLanguage();
  const english = m === en;
  const failed = result && !result.ok ? result : undefined;
  // The server's messages on an English page; the catalogue's, field by field, on another.
  const errors = english ? (failed?.fieldErrors ?? {}) : Object.fromEntries(Object.keys(failed?.fieldErrors ?? {}).map((name) => [name, fieldErrorText(m, name)]));
  const failedMessage = english ? failed?.message : Object.keys(errors).length > 0 ? m.checkFields : m.notSentText;
  const texts = islandTexts(m);
  // What the visitor typed (a refused post), else what the link that led here names (a service, a project).
  const values: Record<string, string | undefined> = failed?.values ?? {
    subject: prefill?.subject ?? undefined,
    source_page: prefill?.source_page ?? undefined,
    utm_source: prefill?.utm_source ?? undefined,
    utm_medium: prefill?.utm_medium ?? undefined,
    utm_campaign: prefill?.utm_campaign ?? undefined,
  };

  const errorId = (name: string) => (errors[name] ? `contact-${name}-error` : undefined);
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} {...dataAttr(ATTR.fieldError)} className="field-error">
        {errors[name]}
      </p>
    ) : null;
  // A text control's id, name, value and error state.
  const controlProps = (name: string) => ({
    id: `contact-${name}`,
    name,
    defaultValue: values[name],
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errorId(name),
  });
  // A field: its label with the required star or "(optional)", its control, its error.
  const field = (name: string, label: React.ReactNode, required: boolean, control: React.ReactNode, wide = false) => (
    <div className={wide ? "field field-wide" : "field"}>
      <label htmlFor={`contact-${name}`}>
        {label}
        {required ? (
          <>
            {" "}
            <span aria-hidden="true" className="field-req">
              *
            </span>
          </>
        ) : (
          <>
            {" "}
            <span className="field-opt">{m.formOptional}</span>
          </>
        )}
      </label>
      {control}
      {fieldError(name)}
    </div>
  );

  return (
    <form
      id={CONTACT_FORM_ID}
      method="post"
      action={`${localizedPath(language, "/?index")}#contact`}
      encType="multipart/form-data"
      {...dataAttr(ATTR.enquiryForm)}
      {...dataAttr(ATTR.endpoint, "/api/enquiries")}
      {...(texts ? dataAttr(ATTR.messages, JSON.stringify(texts)) : {})}
      className="enquiry-form"
    >
      {result?.ok ? (
        <div role="status" {...dataAttr(ATTR.formOutcome)} className="form-ok">
          <p>{english ? ENQUIRY_SUCCESS_TITLE : m.sentTitle}</p>
          <p>{english ? ENQUIRY_SUCCESS_DESCRIPTION : m.sentText}</p>
        </div>
      ) : null}
      {failed ? (
        <p role="alert" {...dataAttr(ATTR.formOutcome)} className="form-fail">
          {failedMessage}
        </p>
      ) : null}
      {/* The token, different in every response, goes at the very end of the page, outside the form but part of
          it (`form` attribute): all before it can then be stored compressed once (app/.server/cache/page-cache.ts). */}
      {tokenAtEnd ? null : <FormTokenInput formToken={formToken} />}
      {/* Where the lead came from: the island adds the referring site; nothing per visitor is in a cached page. */}
      {SOURCE_FIELDS.map((name) => (
        <input key={name} type="hidden" name={name} defaultValue={values[name] ?? ""} />
      ))}
      {/* The page's language, stored with the enquiry so the reply can be in it (docs/decisions/0077-dhivehi-design.md). */}
      <input type="hidden" name="language" value={language} />
      {/* A field people never see or fill: bots that fill every field end up in Spam. */}
      <div aria-hidden="true" className="form-trap">
        <label>
          Website
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {field(
        "name",
        m.formName,
        true,
        <input {...controlProps("name")} dir="auto" autoComplete="name" required placeholder={m.formNamePlaceholder} />,
      )}
      {field(
        "email",
        m.formEmail,
        true,
        <input {...controlProps("email")} type="email" dir="ltr" autoComplete="email" required placeholder="you@example.com" />,
      )}
      {field("phone", m.formPhone, false, <input {...controlProps("phone")} type="tel" dir="ltr" autoComplete="tel" placeholder="+960 7XX XXXX" />)}
      {field("subject", m.formSubject, true, <input {...controlProps("subject")} dir="auto" required placeholder={m.formSubjectPlaceholder} />)}
      {field("message", m.formMessage, true, <textarea {...controlProps("message")} dir="auto" required rows={5} placeholder={m.formMessagePlaceholder} />, true)}
      {/* After the text fields: a refused file stops the read after what the visitor typed. */}
      {field(
        ATTACHMENT_FIELD,
        <>
          <Icon name="paperclip" />
          {m.formAttachments}
        </>,
        false,
        <>
          <input
            id="contact-attachments"
            name={ATTACHMENT_FIELD}
            type="file"
            multiple
            accept={ATTACHMENT_ACCEPT}
            aria-invalid={errors[ATTACHMENT_FIELD] ? true : undefined}
            aria-describedby={["contact-attachments-hint", errorId(ATTACHMENT_FIELD)].filter(Boolean).join(" ")}
          />
          <p id="contact-attachments-hint" className="field-hint">
            {m.formAttachmentsHint(ATTACHMENT_MAX_FILES, MAX_ATTACHMENT_MB, MAX_ATTACHMENTS_TOTAL_MB)}
          </p>
        </>,
        true,
      )}
      <div className="form-foot">
        <p className="field-hint">
          <span aria-hidden="true" className="field-req">
            *
          </span>{" "}
          {m.formRequired}
        </p>
        {/* The island shows one label or the other while the message is on its way. */}
        <button type="submit" className="btn btn-amber form-send">
          <span {...dataAttr(ATTR.when, SEND_STATE.idle)}>
            <Icon name="send" />
            {m.formSend}
          </span>
          <span {...dataAttr(ATTR.when, SEND_STATE.sending)} hidden>
            <Icon name="loader" />
            {m.formSending}
          </span>
        </button>
      </div>
    </form>
  );
}
