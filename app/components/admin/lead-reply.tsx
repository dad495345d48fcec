import { Copy, Mail, Send, SquareArrowOutUpRight } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "~/components/ui/sonner";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import type { Language } from "~/i18n/language";
import type { Lead, ReplyTemplate } from "~/lib/lead-records";
import { cn } from "~/lib/utils";
import { fillTemplate, ReplySchema, templateForLanguage } from "~/validation/lead";
import { FieldError } from "./form-fields";
import { LeadForm, Section } from "./lead-form";
import { replyMailto } from "./reply-mailto";

// Replying from a lead: through the site's mail queue when mail is set up; otherwise the reply opens in the
// admin's own email app (a mailto: link) or is copied, and "Open in email app" records it on the timeline
// (docs/decisions/0071-replies-from-the-admins-own-email-app.md).

const copyText = async (text: string, message: string) => {
  try {
    await navigator.clipboard.writeText(text);
    toast.success(message);
  } catch (error) {
    console.warn("copy failed", error);
    toast.error("Could not copy the text", { description: "Select the message and copy it by hand." });
  }
};

interface Props {
  lead: Pick<Lead, "id" | "name" | "email" | "subject" | "language">;
  templates: ReplyTemplate[];
  mailReady: boolean;
  company: string;
}

export function LeadReply({ lead, templates, mailReady, company }: Props) {
  const uid = useId();
  const [subject, setSubject] = useState(`Re: ${lead.subject}`);
  const [body, setBody] = useState("");
  // The language of the template's version in the box: a lead written in Dhivehi gets a template's Dhivehi version
  // when it has one (docs/decisions/0077-dhivehi-design.md, Enquiries), and the box then reads right to left.
  const [picked, setPicked] = useState<Language | null>(null);
  const mailto = replyMailto(lead.email, subject, body);

  const applyTemplate = (templateId: string) => {
    const template = templates.find((t) => t.id === templateId);
    if (!template) return;
    const values = { name: lead.name, project_type: lead.subject, company };
    const text = templateForLanguage(template, lead.language);
    setSubject(fillTemplate(text.subject, values));
    setBody(fillTemplate(text.body, values));
    setPicked(text.language);
  };
  const dhivehi = picked === "dv";

  return (
    <Section title="Reply by email" icon={Mail}>
      {!mailReady ? (
        <p className="text-sm text-muted-foreground">
          Email is not set up: set SMTP_URL and NOTIFY_EMAIL to send replies from here. Until then, open the reply in your own email app
          or copy it; opening it records the reply on the timeline.
        </p>
      ) : null}
      <LeadForm
        intent={mailReady ? "send-reply" : "record-reply"}
        schema={ReplySchema}
        id={lead.id}
        label="Reply"
        className="grid gap-3"
        onSuccess={() => setBody("")}
      >
        {({ errors, busy }) => (
          <>
            {templates.length > 0 ? (
              <div className="grid gap-1">
                <Label htmlFor={`${uid}-template`}>Template</Label>
                <NativeSelect id={`${uid}-template`} defaultValue="" onChange={(e) => applyTemplate(e.target.value)} className="w-full sm:w-72">
                  <NativeSelectOption value="">Choose a template…</NativeSelectOption>
                  {templates.map((t) => (
                    <NativeSelectOption key={t.id} value={t.id}>
                      {t.name}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
                {lead.language === "dv" && picked ? (
                  <p className="text-xs text-muted-foreground" aria-live="polite">
                    {dhivehi ? "The template's Dhivehi version, as the visitor wrote in Dhivehi." : "This template has no Dhivehi version: its English text is used."}
                  </p>
                ) : null}
              </div>
            ) : null}
            <p className="text-sm text-muted-foreground">Goes to the visitor's email address; answers come back to the office.</p>
            <div className="grid gap-1">
              <Label htmlFor={`${uid}-subject`}>Subject</Label>
              <Input
                id={`${uid}-subject`}
                name="subject"
                value={subject}
                onChange={(e) => setSubject(e.target.value)}
                aria-invalid={errors.subject ? true : undefined}
                dir="auto"
                className={cn(dhivehi && "font-thaana")}
              />
              <FieldError message={errors.subject} />
            </div>
            <div className="grid gap-1">
              <Label htmlFor={`${uid}-body`}>Message</Label>
              <Textarea
                id={`${uid}-body`}
                name="body"
                rows={6}
                value={body}
                onChange={(e) => setBody(e.target.value)}
                aria-invalid={errors.body ? true : undefined}
                dir={dhivehi ? "rtl" : "auto"}
                lang={dhivehi ? "dv" : undefined}
                className={cn(dhivehi && "font-thaana leading-relaxed")}
              />
              <FieldError message={errors.body} />
            </div>
            {mailReady ? (
              <div>
                <Button type="submit" disabled={busy}>
                  <Send aria-hidden="true" />
                  {busy ? "Sending..." : "Send reply"}
                </Button>
              </div>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button asChild>
                  <a
                    href={mailto.href}
                    onClick={(event) => {
                      const form = event.currentTarget.closest("form");
                      // Nothing to send yet: the form's own check says what is missing, and no email app opens.
                      if (!ReplySchema.safeParse({ subject, body }).success) event.preventDefault();
                      else if (mailto.cut) void copyText(body, "The message is too long for an email link: its whole text is copied, paste it in");
                      form?.requestSubmit();
                    }}
                  >
                    <SquareArrowOutUpRight aria-hidden="true" />
                    Open in email app
                  </a>
                </Button>
                <Button type="button" variant="outline" disabled={body.trim() === ""} onClick={() => void copyText(body, "Reply copied")}>
                  <Copy aria-hidden="true" />
                  Copy text
                </Button>
              </div>
            )}
          </>
        )}
      </LeadForm>
    </Section>
  );
}
