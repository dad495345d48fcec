import { Loader2, Send } from "lucide-react";
import { useEffect, useRef } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/sonner";
import { Textarea } from "~/components/ui/textarea";
import { cn } from "~/lib/utils";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "~/validation/constants";

export const ENQUIRY_SUCCESS_TITLE = "Message Sent Successfully!";
export const ENQUIRY_SUCCESS_DESCRIPTION = "Thank you for contacting us. We will respond within 24 hours.";

/** What the home page's action answers (app/routes/public/home.tsx). */
export type EnquiryActionData =
  | { ok: true }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values: Record<string, string> };

/**
 * The contact form. PRODUCT.md "What we add" 1: it posts to the server, which stores the enquiry
 * before anything else (and still works without JavaScript: the page comes back with the outcome).
 * The visitor sees 'Sending Message...', then 'Message Sent Successfully!' and a cleared form; on a
 * failure an error toast, and what they typed stays.
 */
export function ContactForm({ formToken, result }: { formToken: string; result?: EnquiryActionData }) {
  const fetcher = useFetcher<EnquiryActionData>({ key: "enquiry" });
  const formRef = useRef<HTMLFormElement>(null);
  const sending = fetcher.state !== "idle";
  // The fetcher's answer with JavaScript; the page's action data after a plain form post.
  const outcome = fetcher.data ?? result;
  const failed = outcome && !outcome.ok ? outcome : undefined;
  const errors = failed?.fieldErrors ?? {};
  const values = fetcher.data ? {} : (failed?.values ?? {});

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    if (fetcher.data.ok) {
      formRef.current?.reset();
      toast.success(ENQUIRY_SUCCESS_TITLE, { description: ENQUIRY_SUCCESS_DESCRIPTION });
    } else {
      toast.error("Message not sent", { description: fetcher.data.message });
    }
  }, [fetcher.state, fetcher.data]);

  const errorId = (name: string) => (errors[name] ? `contact-${name}-error` : undefined);
  const fieldError = (name: string) =>
    errors[name] ? (
      <p id={`contact-${name}-error`} className="text-sm text-destructive">
        {errors[name]}
      </p>
    ) : null;

  return (
    <fetcher.Form ref={formRef} method="post" action="/?index#contact" className="grid gap-5 sm:grid-cols-2">
      {!fetcher.data && result?.ok ? (
        <div role="status" className="rounded-md border border-emerald-200 bg-emerald-50 p-4 text-emerald-900 sm:col-span-2">
          <p className="font-semibold">{ENQUIRY_SUCCESS_TITLE}</p>
          <p className="text-sm">{ENQUIRY_SUCCESS_DESCRIPTION}</p>
        </div>
      ) : null}
      {failed && !fetcher.data ? (
        <p role="alert" className="rounded-md border border-destructive/30 bg-destructive/5 p-3 text-sm text-destructive sm:col-span-2">
          {failed.message}
        </p>
      ) : null}
      <input type="hidden" name={FORM_TOKEN_FIELD} value={formToken} />
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
      <div className="flex flex-col gap-3 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-muted-foreground">
          <span aria-hidden="true" className="text-destructive">
            *
          </span>{" "}
          Required fields
        </p>
        <Button
          type="submit"
          disabled={sending}
          className={cn(
            "h-12 bg-brand-amber px-8 text-base font-semibold text-brand-amber-foreground shadow-sm hover:bg-brand-amber/90",
          )}
        >
          {sending ? (
            <>
              <Loader2 aria-hidden="true" className="size-5 animate-spin" />
              Sending Message...
            </>
          ) : (
            <>
              <Send aria-hidden="true" className="size-5" />
              Send Message
            </>
          )}
        </Button>
      </div>
    </fetcher.Form>
  );
}
