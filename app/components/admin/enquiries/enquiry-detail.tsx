import { Archive, ArrowLeft, Mail, MailOpen, Phone, ShieldAlert, Trash2, Undo2 } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { formatDateTime } from "~/lib/format";
import type { Lead } from "~/lib/lead-records";
import { cn } from "~/lib/utils";
import type { EnquiryStatus } from "~/validation/enquiry";
import { STAGE_LABELS } from "~/validation/lead";
import { LanguageBadge, sourceLabel } from "../lead-source";

// An opened enquiry (docs/product.md#enquiries): who sent it, how to reach them, what they wrote, and the buttons
// that file it (read, new, archived, spam) or delete it. Its lead panel comes in as children.

const EMAIL_LABELS: Record<string, string> = {
  pending: "Email queued",
  sending: "Email sending",
  sent: "Email sent",
  failed: "Email failed",
  skipped: "Not emailed",
};

interface EnquiryDetailProps {
  enquiry: Lead;
  /** Back to the list or the board; on a wide screen the list stays beside the enquiry, so no link is needed. */
  back: { href: string; label: string; wideToo: boolean };
  onStatus: (status: EnquiryStatus) => void;
  onDelete: () => void;
  children: React.ReactNode;
}

export function EnquiryDetail({ enquiry: selected, back, onStatus: setStatus, onDelete, children }: EnquiryDetailProps) {
  return (
    <Card aria-label={`Enquiry from ${selected.name}`} role="region">
      <CardContent className="grid gap-5">
        <Link to={back.href} className={cn("inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground", !back.wideToo && "lg:hidden")}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {back.label}
        </Link>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h2 className="text-lg font-semibold" dir="auto">
              {selected.name}
            </h2>
            <p className="text-sm text-muted-foreground">
              <time dateTime={selected.created_at}>{formatDateTime(selected.created_at)}</time>
              {` · from ${sourceLabel(selected.source_page).toLowerCase()}`}
              {/* Beside the source, the language only when it is not the usual English (the lead's Source says either). */}
              {selected.language === "dv" ? <LanguageBadge language="dv" className="ms-2 align-middle" /> : null}
            </p>
          </div>
          <div className="flex flex-wrap gap-1.5">
            <Badge>Stage: {STAGE_LABELS[selected.stage]}</Badge>
            <Badge variant={selected.status === "spam" ? "destructive" : "secondary"} className="capitalize">
              {selected.status}
            </Badge>
            <Badge variant={selected.email_status === "failed" ? "destructive" : "outline"}>{EMAIL_LABELS[selected.email_status]}</Badge>
          </div>
        </div>
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-muted-foreground">Email</dt>
            <dd>
              <a className="font-medium text-primary underline-offset-4 hover:underline" href={`mailto:${selected.email}?subject=${encodeURIComponent(`Re: ${selected.subject}`)}`}>
                {selected.email}
              </a>
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Phone</dt>
            <dd>
              {selected.phone ? (
                <a className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline" href={`tel:${selected.phone.replace(/[^\d+]/g, "")}`}>
                  <Phone aria-hidden="true" className="size-3.5" />
                  {selected.phone}
                </a>
              ) : (
                "N/A"
              )}
            </dd>
          </div>
          <div className="sm:col-span-2">
            <dt className="text-muted-foreground">Project type</dt>
            <dd className="font-medium" dir="auto">
              {selected.subject}
            </dd>
          </div>
        </dl>
        <div>
          <h3 className="mb-1 text-sm text-muted-foreground">Project details</h3>
          <p className="whitespace-pre-wrap break-words rounded-md bg-muted/50 p-4 text-sm leading-relaxed" dir="auto">
            {selected.message}
          </p>
        </div>
        {selected.spam_reason ? <p className="text-sm text-muted-foreground">Caught as spam: {selected.spam_reason}.</p> : null}
        {selected.email_status === "failed" && selected.email_error ? (
          <p className="text-sm text-destructive">Email notification failed: {selected.email_error}</p>
        ) : null}
        {children}
        <div className="flex flex-wrap gap-2 border-t pt-4">
          {selected.status === "read" ? (
            <Button variant="outline" onClick={() => setStatus("new")}>
              <Mail aria-hidden="true" />
              Mark as new
            </Button>
          ) : null}
          {selected.status === "new" ? (
            <Button variant="outline" onClick={() => setStatus("read")}>
              <MailOpen aria-hidden="true" />
              Mark as read
            </Button>
          ) : null}
          {selected.status === "archived" || selected.status === "spam" ? (
            <Button variant="outline" onClick={() => setStatus("read")}>
              <Undo2 aria-hidden="true" />
              {selected.status === "spam" ? "Not spam" : "Move to inbox"}
            </Button>
          ) : (
            <Button variant="outline" onClick={() => setStatus("archived")}>
              <Archive aria-hidden="true" />
              Archive
            </Button>
          )}
          {selected.status !== "spam" ? (
            <Button variant="outline" onClick={() => setStatus("spam")}>
              <ShieldAlert aria-hidden="true" />
              Spam
            </Button>
          ) : null}
          <Button variant="destructive" className="ml-auto" onClick={onDelete}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
