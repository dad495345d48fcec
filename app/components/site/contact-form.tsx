import { Loader2, Send } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { toast } from "~/components/ui/sonner";
import { Textarea } from "~/components/ui/textarea";
import { CONTACT_SUBMIT_DELAY_MS } from "~/validation/constants";

/**
 * The contact form (SPEC.md sections 2, 4 and 5): browser validation only; sending is simulated
 * (the button reads 'Sending Message...' for 2 s, then a success toast and a cleared form, no
 * request). The Enquiries issue replaces the simulation with a post to the server: the field names
 * (name, email, phone, subject, message) are the contact form draft's.
 */
export function ContactForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<number | undefined>(undefined);
  const [sending, setSending] = useState(false);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <Form
      ref={formRef}
      method="post"
      className="grid gap-5 sm:grid-cols-2"
      onSubmit={(event) => {
        event.preventDefault();
        if (sending) return;
        setSending(true);
        timer.current = window.setTimeout(() => {
          setSending(false);
          formRef.current?.reset();
          toast.success("Message Sent Successfully!", {
            description: "Thank you for contacting us. We will respond within 24 hours.",
          });
        }, CONTACT_SUBMIT_DELAY_MS);
      }}
    >
      <div className="grid gap-2">
        <Label htmlFor="contact-name" className="gap-1">
          Full Name{" "}
          <span aria-hidden="true" className="text-destructive">
            *
          </span>
        </Label>
        <Input id="contact-name" name="name" autoComplete="name" required placeholder="Your full name" className="h-11 bg-white" />
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
          className="h-11 bg-white"
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-phone" className="gap-1">
          Phone <span className="font-normal text-muted-foreground">(optional)</span>
        </Label>
        <Input id="contact-phone" name="phone" type="tel" autoComplete="tel" placeholder="+960 7XX XXXX" className="h-11 bg-white" />
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
          className="h-11 bg-white"
        />
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
          className="min-h-32 bg-white"
        />
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
          className="h-12 bg-brand-amber px-8 text-base font-semibold text-brand-amber-foreground shadow-sm hover:bg-brand-amber/90"
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
    </Form>
  );
}
