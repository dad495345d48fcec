import { Icon } from "~/components/site/icon";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
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
  const failed = result && !result.ok ? result : undefined;
  const errors = failed?.fieldErrors ?? {};
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
      <p id={`contact-${name}-error`} {...dataAttr(ATTR.fieldError)} className="text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;

  return (
    <form
      id={CONTACT_FORM_ID}
      method="post"
      action="/?index#contact"
      encType="multipart/form-data"
      {...dataAttr(ATTR.enquiryForm)}
      {...dataAttr(ATTR.endpoint, "/api/enquiries")}
      className="grid gap-5 sm:grid-cols-2"
    >
      {result?.ok ? (
        <div role="status" {...dataAttr(ATTR.formOutcome)} className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 sm:col-span-2">
          <p className="font-semibold">{ENQUIRY_SUCCESS_TITLE}</p>
          <p className="text-sm">{ENQUIRY_SUCCESS_DESCRIPTION}</p>
        </div>
      ) : null}
      {failed ? (
        <p role="alert" {...dataAttr(ATTR.formOutcome)} className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive sm:col-span-2">
          {failed.message}
        </p>
      ) : null}
      {/* The token, different in every response, goes at the very end of the page, outside the form but part of
          it (`form` attribute): all before it can then be stored compressed once (app/.server/cache/page-cache.ts). */}
      {tokenAtEnd ? null : <FormTokenInput formToken={formToken} />}
      {/* Where the lead came from: the island adds the referring site; nothing per visitor is in a cached page. */}
      {SOURCE_FIELDS.map((name) => (
        <input key={name} type="hidden" name={name} defaultValue={values[name] ?? ""} />
      ))}
      {/* A field people never see or fill: bots that fill every field end up in Spam. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label>
          Website
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-name" className="gap-1">
          Full Name{" "}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </Label>
        <Input
          id="contact-name"
          name="name"
          autoComplete="name"
          required
          placeholder="Your full name"
          defaultValue={values.name}
          aria-invalid={errors.name ? true : undefined}
          aria-describedby={errorId("name")}
          className="h-11 bg-white"
        />
        {fieldError("name")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-email" className="gap-1">
          Email Address{" "}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </Label>
        <Input
          id="contact-email"
          name="email"
          type="email"
          autoComplete="email"
          required
          placeholder="you@example.com"
          defaultValue={values.email}
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errorId("email")}
          className="h-11 bg-white"
        />
        {fieldError("email")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-phone" className="gap-1">
          Phone <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id="contact-phone"
          name="phone"
          type="tel"
          autoComplete="tel"
          placeholder="+960 7XX XXXX"
          defaultValue={values.phone}
          aria-invalid={errors.phone ? true : undefined}
          aria-describedby={errorId("phone")}
          className="h-11 bg-white"
        />
        {fieldError("phone")}
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-subject" className="gap-1">
          Project Type{" "}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </Label>
        <Input
          id="contact-subject"
          name="subject"
          required
          placeholder="e.g. New home, renovation, resort villa"
          defaultValue={values.subject}
          aria-invalid={errors.subject ? true : undefined}
          aria-describedby={errorId("subject")}
          className="h-11 bg-white"
        />
        {fieldError("subject")}
      </div>
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="contact-message" className="gap-1">
          Project Details{" "}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </Label>
        <Textarea
          id="contact-message"
          name="message"
          required
          rows={5}
          placeholder="Tell us about your project: location, size, timeline and budget range."
          defaultValue={values.message}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errorId("message")}
          className="min-h-32 bg-white"
        />
        {fieldError("message")}
      </div>
      {/* After the text fields: a refused file stops the read after what the visitor typed. */}
      <div className="grid gap-2 sm:col-span-2">
        <Label htmlFor="contact-attachments" className="gap-1">
          <Icon name="paperclip" className="size-4" />
          Drawings or photos <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input
          id="contact-attachments"
          name={ATTACHMENT_FIELD}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          aria-invalid={errors[ATTACHMENT_FIELD] ? true : undefined}
          aria-describedby={["contact-attachments-hint", errorId(ATTACHMENT_FIELD)].filter(Boolean).join(" ")}
          className="h-auto bg-white py-2"
        />
        <p id="contact-attachments-hint" className="text-sm text-muted-foreground">
          Up to {ATTACHMENT_MAX_FILES} images or PDF files, {MAX_ATTACHMENT_MB} MB each, {MAX_ATTACHMENTS_TOTAL_MB} MB in all.
        </p>
        {fieldError(ATTACHMENT_FIELD)}
      </div>
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          <span aria-hidden="true" className="text-destructive">
            *
          </span>{" "}
          Required fields
        </p>
        {/* The island shows one label or the other while the message is on its way. */}
        <Button type="submit" className="h-12 bg-brand-amber px-8 text-base font-semibold text-brand-amber-foreground shadow-sm hover:bg-brand-amber/90">
          <span {...dataAttr(ATTR.when, SEND_STATE.idle)} className="inline-flex items-center gap-2">
            <Icon name="send" className="size-5" />
            Send Message
          </span>
          <span {...dataAttr(ATTR.when, SEND_STATE.sending)} hidden className="inline-flex items-center gap-2">
            <Icon name="loader" className="size-5 animate-spin" />
            Sending Message...
          </span>
        </Button>
      </div>
    </form>
  );
}
