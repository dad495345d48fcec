import { ArrowRightLeft, CalendarClock, DollarSign, FileText, Mail, MessageSquarePlus, Paperclip, Send, StickyNote, UserRound } from "lucide-react";
import { useId, useRef, useState } from "react";
import type { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeSelect, NativeSelectOption } from "~/components/ui/native-select";
import { Textarea } from "~/components/ui/textarea";
import { formatBudget, formatDate, formatDateTime } from "~/lib/format";
import { cn } from "~/lib/utils";
import { AssigneeSchema, fillTemplate, FollowUpSchema, LEAD_STAGES, type LeadStage, NoteSchema, ReplySchema, STAGE_LABELS, StageSchema, ValueSchema } from "~/validation/lead";
import { FieldError } from "./form-fields";
import { useRevalidateWhile } from "./use-revalidate-while";
import { useSchemaForm } from "./use-schema-form";

// The lead part of an opened enquiry (docs/decisions/0017-leads-pipeline.md): stage, assignee,
// follow-up, value, source, attachments, a reply with templates, and the timeline with notes.
// Every form is a plain post too: it works before (or without) the page's JavaScript.

export interface LeadDetails {
  id: string;
  name: string;
  email: string;
  subject: string;
  stage: LeadStage;
  lost_reason: string | null;
  assignee_id: string | null;
  follow_up_on: string | null;
  estimated_value: number | null;
  source_page: string | null;
  referrer: string | null;
  utm_source: string | null;
  utm_medium: string | null;
  utm_campaign: string | null;
  landing_page: string | null;
}

export interface TimelineEvent {
  id: string;
  kind: "note" | "stage" | "email" | "assignee" | "follow_up" | "value";
  author_name: string | null;
  body: string | null;
  from_stage: LeadStage | null;
  to_stage: LeadStage | null;
  email_to: string | null;
  email_subject: string | null;
  email_status: "queued" | "sent" | "failed" | null;
  email_error: string | null;
  created_at: string;
}

export interface AttachmentInfo {
  id: string;
  file_name: string;
  content_type: string;
  size: number;
}

interface Props {
  lead: LeadDetails;
  events: TimelineEvent[];
  attachments: AttachmentInfo[];
  admins: Array<{ id: string; name: string }>;
  templates: Array<{ id: string; name: string; subject: string; body: string }>;
  mailReady: boolean;
  company: string;
}

/** One small form of the panel, checked by its intent's schema (useSchemaForm); reset after a success when asked. */
/** A field beside its button: up to 11 rem, narrower when the column is (the button keeps its size). */
const GROWING_CONTROL = "min-w-0 max-w-44 flex-1";

function LeadForm({
  intent,
  schema,
  id,
  children,
  className,
  label,
  resetOnSuccess,
}: {
  intent: string;
  schema: z.ZodType;
  id: string;
  label: string;
  className?: string;
  resetOnSuccess?: boolean;
  children: (state: { errors: Record<string, string>; busy: boolean }) => React.ReactNode;
}) {
  // The form element's own ref is the hook's (focus on the first invalid field); its intent field reaches the form too.
  const intentRef = useRef<HTMLInputElement>(null);
  const { fetcher, errors, busy, formProps } = useSchemaForm(schema, (result) => {
    if (result.ok && resetOnSuccess) intentRef.current?.form?.reset();
  });
  return (
    <fetcher.Form {...formProps} aria-label={`${label} form`} className={className}>
      <input ref={intentRef} type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {children({ errors, busy })}
    </fetcher.Form>
  );
}

function Section({ title, icon: Icon, children }: { title: string; icon: typeof Mail; children: React.ReactNode }) {
  return (
    <section className="grid gap-3 border-t pt-4" aria-label={title}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
        {title}
      </h3>
      {children}
    </section>
  );
}

const formatSize = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** The page a visit began on (docs/product.md#insight): its kind, and its path where that says more. */
function landingLabel(page: string | null): string {
  if (page === null) return "Not known";
  const label = sourceLabel(page);
  return label === page || page === "/" ? label : `${label} (${page})`;
}

export function sourceLabel(page: string | null): string {
  if (!page || page === "/") return "Home page";
  if (page.startsWith("/service/")) return "A service page";
  if (page.startsWith("/project/")) return "A project page";
  return page;
}

export function LeadPanel({ lead, events, attachments, admins, templates, mailReady, company }: Props) {
  const uid = useId();
  const [stage, setStage] = useState<LeadStage>(lead.stage);
  // A reply still in the mail queue: its timeline entry turns to "Delivered to mail server" or "Not sent" by itself.
  useRevalidateWhile(events.some((e) => e.email_status === "queued"));
  const subjectRef = useRef<HTMLInputElement>(null);
  const bodyRef = useRef<HTMLTextAreaElement>(null);

  const applyTemplate = (templateId: string) => {
    const template = templates.find((t) => t.id === templateId);
    if (!template) return;
    const values = { name: lead.name, project_type: lead.subject, company };
    if (subjectRef.current) subjectRef.current.value = fillTemplate(template.subject, values);
    if (bodyRef.current) bodyRef.current.value = fillTemplate(template.body, values);
  };

  return (
    <div className="@container grid gap-4">
      {/* Two columns only where the panel (not the window) is wide enough; each control shrinks before it overflows. */}
      <div className="grid gap-4 @xl:grid-cols-2">
        <LeadForm intent="set-stage" schema={StageSchema} id={lead.id} label="Stage" className="grid content-start gap-2">
          {({ errors, busy }) => (
            <>
              <Label htmlFor={`${uid}-stage`} className="gap-2">
                <ArrowRightLeft aria-hidden="true" className="size-4 text-muted-foreground" />
                Stage
              </Label>
              <div className="flex gap-2">
                <NativeSelect
                  id={`${uid}-stage`}
                  name="stage"
                  value={stage}
                  onChange={(e) => setStage(e.target.value as LeadStage)}
                  wrapperClassName={GROWING_CONTROL}
                >
                  {LEAD_STAGES.map((s) => (
                    <NativeSelectOption key={s} value={s}>
                      {STAGE_LABELS[s]}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
                <Button type="submit" variant="secondary" disabled={busy}>
                  Save stage
                </Button>
              </div>
              {stage === "lost" ? (
                <div className="grid gap-1">
                  <Label htmlFor={`${uid}-lost`}>Reason lost</Label>
                  <Input
                    id={`${uid}-lost`}
                    name="lost_reason"
                    defaultValue={lead.lost_reason ?? ""}
                    placeholder="e.g. Went with another builder"
                    aria-invalid={errors.lost_reason ? true : undefined}
                    aria-describedby={errors.lost_reason ? `${uid}-lost-error` : undefined}
                  />
                  <FieldError id={`${uid}-lost-error`} message={errors.lost_reason} />
                </div>
              ) : null}
            </>
          )}
        </LeadForm>

        <LeadForm intent="set-assignee" schema={AssigneeSchema} id={lead.id} label="Assignee" className="grid content-start gap-2">
          {({ errors, busy }) => (
            <>
              <Label htmlFor={`${uid}-assignee`} className="gap-2">
                <UserRound aria-hidden="true" className="size-4 text-muted-foreground" />
                Assignee
              </Label>
              <div className="flex gap-2">
                <NativeSelect
                  id={`${uid}-assignee`}
                  name="assignee_id"
                  defaultValue={lead.assignee_id ?? ""}
                  wrapperClassName={GROWING_CONTROL}
                  key={lead.assignee_id ?? ""}
                >
                  <NativeSelectOption value="">Nobody</NativeSelectOption>
                  {admins.map((a) => (
                    <NativeSelectOption key={a.id} value={a.id}>
                      {a.name}
                    </NativeSelectOption>
                  ))}
                </NativeSelect>
                <Button type="submit" variant="secondary" disabled={busy}>
                  Assign
                </Button>
              </div>
              <FieldError message={errors.assignee_id} />
            </>
          )}
        </LeadForm>

        <LeadForm intent="set-follow-up" schema={FollowUpSchema} id={lead.id} label="Follow-up" className="grid content-start gap-2">
          {({ errors, busy }) => (
            <>
              <Label htmlFor={`${uid}-follow`} className="gap-2">
                <CalendarClock aria-hidden="true" className="size-4 text-muted-foreground" />
                Follow-up date
              </Label>
              <div className="flex gap-2">
                <Input
                  id={`${uid}-follow`}
                  type="date"
                  name="follow_up_on"
                  defaultValue={lead.follow_up_on ?? ""}
                  key={lead.follow_up_on ?? ""}
                  className={GROWING_CONTROL}
                  aria-invalid={errors.follow_up_on ? true : undefined}
                />
                <Button type="submit" variant="secondary" disabled={busy}>
                  Set
                </Button>
              </div>
              <FieldError message={errors.follow_up_on} />
            </>
          )}
        </LeadForm>

        <LeadForm intent="set-value" schema={ValueSchema} id={lead.id} label="Estimated value" className="grid content-start gap-2">
          {({ errors, busy }) => (
            <>
              <Label htmlFor={`${uid}-value`} className="gap-2">
                <DollarSign aria-hidden="true" className="size-4 text-muted-foreground" />
                Estimated value (USD)
              </Label>
              <div className="flex gap-2">
                <Input
                  id={`${uid}-value`}
                  name="estimated_value"
                  inputMode="decimal"
                  defaultValue={lead.estimated_value ?? ""}
                  key={String(lead.estimated_value)}
                  className={GROWING_CONTROL}
                  placeholder="e.g. 45000"
                  aria-invalid={errors.estimated_value ? true : undefined}
                />
                <Button type="submit" variant="secondary" disabled={busy}>
                  Save
                </Button>
              </div>
              <FieldError message={errors.estimated_value} />
            </>
          )}
        </LeadForm>
      </div>

      <Section title="Source" icon={FileText}>
        <dl className="grid gap-2 text-sm @xl:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Sent from</dt>
            <dd>
              {lead.source_page && lead.source_page !== "/" ? (
                <a className="font-medium text-primary underline-offset-4 hover:underline" href={lead.source_page} target="_blank" rel="noreferrer">
                  {sourceLabel(lead.source_page)} ({lead.source_page})
                </a>
              ) : (
                sourceLabel(lead.source_page)
              )}
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Landing page</dt>
            <dd>{landingLabel(lead.landing_page)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Referring site</dt>
            <dd>{lead.referrer ?? "Direct or unknown"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Campaign (UTM)</dt>
            <dd>{[lead.utm_campaign, lead.utm_source, lead.utm_medium].filter(Boolean).join(" · ") || "None"}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Estimated value</dt>
            <dd>{lead.estimated_value === null ? "Not set" : formatBudget(lead.estimated_value)}</dd>
          </div>
        </dl>
      </Section>

      {attachments.length > 0 ? (
        <Section title={`Attachments (${attachments.length})`} icon={Paperclip}>
          <ul className="grid gap-2 text-sm">
            {attachments.map((a) => (
              <li key={a.id} className="flex items-center justify-between gap-3 rounded-md border px-3 py-2">
                <a
                  href={`/admin/enquiries/${lead.id}/attachments/${a.id}`}
                  download={a.file_name}
                  className="min-w-0 truncate font-medium text-primary underline-offset-4 hover:underline"
                >
                  {a.file_name}
                </a>
                <span className="shrink-0 text-xs text-muted-foreground">
                  {a.content_type === "application/pdf" ? "PDF" : "Image"} · {formatSize(a.size)}
                </span>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}

      <Section title="Reply by email" icon={Mail}>
        {!mailReady ? (
          <p className="text-sm text-muted-foreground">Email is not set up: set SMTP_URL and NOTIFY_EMAIL to send replies from here.</p>
        ) : null}
        <LeadForm intent="send-reply" schema={ReplySchema} id={lead.id} label="Reply" className="grid gap-3" resetOnSuccess>
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
                </div>
              ) : null}
              <p className="text-sm text-muted-foreground">Goes to the visitor's email address; answers come back to the office.</p>
              <div className="grid gap-1">
                <Label htmlFor={`${uid}-subject`}>Subject</Label>
                <Input
                  id={`${uid}-subject`}
                  ref={subjectRef}
                  name="subject"
                  defaultValue={`Re: ${lead.subject}`}
                  aria-invalid={errors.subject ? true : undefined}
                />
                <FieldError message={errors.subject} />
              </div>
              <div className="grid gap-1">
                <Label htmlFor={`${uid}-body`}>Message</Label>
                <Textarea id={`${uid}-body`} ref={bodyRef} name="body" rows={6} aria-invalid={errors.body ? true : undefined} />
                <FieldError message={errors.body} />
              </div>
              <div>
                <Button type="submit" disabled={busy || !mailReady}>
                  <Send aria-hidden="true" />
                  {busy ? "Sending..." : "Send reply"}
                </Button>
              </div>
            </>
          )}
        </LeadForm>
      </Section>

      <Section title="Timeline" icon={StickyNote}>
        <ol aria-label="Timeline" className="grid gap-3">
          {events.length === 0 ? <li className="text-sm text-muted-foreground">Nothing yet: notes, stage changes and emails appear here.</li> : null}
          {events.map((e) => (
            <li key={e.id} className="grid gap-1 rounded-md border-l-2 border-primary/40 bg-muted/30 px-3 py-2 text-sm">
              <p className="flex flex-wrap items-center gap-x-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">{e.author_name ?? "System"}</span>
                <time dateTime={e.created_at}>{formatDateTime(e.created_at)}</time>
              </p>
              <TimelineText event={e} />
            </li>
          ))}
        </ol>
        <LeadForm intent="add-note" schema={NoteSchema} id={lead.id} label="Add a note" className="grid gap-2" resetOnSuccess>
          {({ errors, busy }) => (
            <>
              <Label htmlFor={`${uid}-note`}>Add a note</Label>
              <Textarea id={`${uid}-note`} name="body" rows={3} placeholder="Called, left a message…" aria-invalid={errors.body ? true : undefined} />
              <FieldError message={errors.body} />
              <div>
                <Button type="submit" variant="secondary" disabled={busy}>
                  <MessageSquarePlus aria-hidden="true" />
                  Add note
                </Button>
              </div>
            </>
          )}
        </LeadForm>
      </Section>
    </div>
  );
}

function TimelineText({ event: e }: { event: TimelineEvent }) {
  switch (e.kind) {
    case "note":
      return <p className="whitespace-pre-wrap break-words">{e.body}</p>;
    case "stage":
      return (
        <p>
          Stage: {e.from_stage ? STAGE_LABELS[e.from_stage] : "?"} → <strong>{e.to_stage ? STAGE_LABELS[e.to_stage] : "?"}</strong>
          {e.to_stage === "lost" && e.body ? ` (reason: ${e.body})` : ""}
        </p>
      );
    case "assignee":
      return <p>{e.body ? `Assigned to ${e.body}` : "Unassigned"}</p>;
    case "follow_up":
      return <p>{e.body ? `Follow-up set for ${formatDate(`${e.body}T12:00:00Z`)}` : "Follow-up cleared"}</p>;
    case "value":
      return <p>{e.body ? `Estimated value ${formatBudget(e.body)}` : "Estimated value cleared"}</p>;
    case "email":
      return (
        <div className="grid gap-1">
          <p className="flex flex-wrap items-center gap-2">
            <span>
              Email to {e.email_to}: <strong>{e.email_subject}</strong>
            </span>
            <Badge variant={e.email_status === "sent" ? "secondary" : e.email_status === "queued" ? "outline" : "destructive"}>
              {e.email_status === "sent" ? "Delivered to mail server" : e.email_status === "queued" ? "Sending" : "Not sent"}
            </Badge>
          </p>
          {e.email_status === "failed" && e.email_error ? <p className="text-destructive">{e.email_error}</p> : null}
          {e.email_status === "queued" && e.email_error ? (
            <p className="text-muted-foreground">Not taken yet, tried again shortly: {e.email_error}</p>
          ) : null}
          <p className={cn("whitespace-pre-wrap break-words text-muted-foreground")}>{e.body}</p>
        </div>
      );
  }
}
