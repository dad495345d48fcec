import { MessageSquarePlus, StickyNote } from "lucide-react";
import { useId } from "react";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { formatBudget, formatDate, formatDateTime } from "~/lib/format";
import type { LeadEvent } from "~/lib/lead-records";
import { NoteSchema, STAGE_LABELS } from "~/validation/lead";
import { FieldError } from "./form-fields";
import { LeadForm, Section } from "./lead-form";

// A lead's story, oldest first, and the form that adds a note to it.

export function LeadTimeline({ leadId, events }: { leadId: string; events: LeadEvent[] }) {
  const uid = useId();
  return (
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
        <LeadForm intent="add-note" schema={NoteSchema} id={leadId} label="Add a note" className="grid gap-2" resetOnSuccess>
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
  );
}

function TimelineText({ event: e }: { event: LeadEvent }) {
  switch (e.kind) {
    case "note":
      return (
        <p dir="auto" className="whitespace-pre-wrap break-words">
          {e.body}
        </p>
      );
    case "stage":
      return (
        <p>
          Stage: {e.from_stage ? STAGE_LABELS[e.from_stage] : "?"} → <strong>{e.to_stage ? STAGE_LABELS[e.to_stage] : "?"}</strong>
          {e.to_stage === "lost" && e.body ? (
            <>
              {" (reason: "}
              <bdi>{e.body}</bdi>)
            </>
          ) : null}
        </p>
      );
    case "assignee":
      return (
        <p>
          {e.body ? (
            <>
              Assigned to <bdi>{e.body}</bdi>
            </>
          ) : (
            "Unassigned"
          )}
        </p>
      );
    case "follow_up":
      return <p>{e.body ? `Follow-up set for ${formatDate(`${e.body}T12:00:00Z`)}` : "Follow-up cleared"}</p>;
    case "value":
      return <p>{e.body ? `Estimated value ${formatBudget(e.body)}` : "Estimated value cleared"}</p>;
    case "email":
      if (e.email_status === "external") {
        return (
          <div className="grid gap-1">
            <p>
              Reply sent from own email app to {e.email_to}: <strong>{e.email_subject}</strong>
            </p>
            <p dir="auto" className="whitespace-pre-wrap break-words text-muted-foreground">
              {e.body}
            </p>
          </div>
        );
      }
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
          <p dir="auto" className="whitespace-pre-wrap break-words text-muted-foreground">
            {e.body}
          </p>
        </div>
      );
  }
}
