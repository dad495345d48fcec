import { CalendarClock, Send, X } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { formatSiteMoment } from "~/lib/site-time";
import { SECTION_TITLES, type SectionKey } from "~/validation/site-content";
import { DateTimeField } from "../date-time-field";
import { submitFetcher } from "../fetcher-submit";

// "Publish all changes" and scheduled publishes on the Site Content page (docs/product.md#scheduling,
// docs/decisions/0086-scheduled-publish.md): the sections with a draft, published together now or at a set time in
// Maldives time, and the schedules still to run, each with Cancel.

interface DraftState {
  section: SectionKey;
  hasDraft: boolean;
  revision: number;
}

export interface ScheduleData {
  id: string;
  section: SectionKey | null;
  runAt: string;
  createdBy: string | null;
}

/** The bar above the editor: which sections have unpublished changes, Publish all changes, Schedule. */
export function PublishAll({ states }: { states: DraftState[] }) {
  const changed = states.filter((s) => s.hasDraft);
  const [confirming, setConfirming] = useState(false);
  const [scheduling, setScheduling] = useState(false);
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, (result) => {
    if (result.ok) setConfirming(false);
  });
  const busy = fetcher.state !== "idle";
  const names = changed.map((s) => SECTION_TITLES[s.section]);
  return (
    <section aria-label="Unpublished changes" className="flex flex-wrap items-center gap-3 rounded-lg border bg-card p-4 text-sm">
      <p className="min-w-0 flex-1 basis-60">
        {changed.length === 0 ? "Every section is published." : `Unpublished changes in ${changed.length === 1 ? "1 section" : `${changed.length} sections`}: ${names.join(", ")}.`}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" className="bg-brand-teal text-white hover:bg-brand-teal/90" disabled={changed.length === 0 || busy} onClick={() => setConfirming(true)}>
          <Send aria-hidden="true" />
          Publish all changes
        </Button>
        <Button type="button" variant="outline" disabled={changed.length === 0} onClick={() => setScheduling(true)}>
          <CalendarClock aria-hidden="true" />
          Schedule all
        </Button>
      </div>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Publish all changes?</DialogTitle>
            <DialogDescription>The saved drafts of these sections go live for every visitor, together. Unsaved edits in the editor are not included.</DialogDescription>
          </DialogHeader>
          <ul className="list-disc pl-5 text-sm">
            {names.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </ul>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              type="button"
              disabled={busy}
              onClick={() => submitFetcher(fetcher, new URLSearchParams([["intent", "publish-all"], ...changed.map((s) => ["sections", `${s.section}:${s.revision}`])]), { method: "post" })}
            >
              {busy ? "Publishing..." : `Publish ${changed.length === 1 ? "1 section" : `${changed.length} sections`}`}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
      <ScheduleDialog open={scheduling} onOpenChange={setScheduling} section={null} sections={names} />
    </section>
  );
}

/** Schedules a publish of one section, or (section null) of every section with a draft at that time. */
export function ScheduleDialog({ open, onOpenChange, section, sections }: { open: boolean; onOpenChange: (open: boolean) => void; section: SectionKey | null; sections?: string[] }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data, (result) => {
    if (result.ok) onOpenChange(false);
  });
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const what = section ? SECTION_TITLES[section] : "all changes";
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Schedule {section ? `${what}` : "all changes"}</DialogTitle>
          <DialogDescription>
            At the time you choose, the server publishes {section ? "this section's draft" : "the draft of every section that has one"} as it is then: changes you save before
            then are included. No one needs to be signed in.
          </DialogDescription>
        </DialogHeader>
        {sections && sections.length ? <p className="text-sm">Sections with a draft now: {sections.join(", ")}.</p> : null}
        <fetcher.Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="schedule" />
          <input type="hidden" name="section" value={section ?? "all"} />
          <DateTimeField label="Publish at" name="run_at" required hint="Maldives time (UTC+5)" error={errors.run_at ?? errors.section} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={fetcher.state !== "idle"}>
              <CalendarClock aria-hidden="true" />
              Schedule publish
            </Button>
          </DialogFooter>
        </fetcher.Form>
      </DialogContent>
    </Dialog>
  );
}

/** The scheduled publishes still to run, soonest first, each with Cancel. */
export function PendingSchedules({ schedules }: { schedules: ScheduleData[] }) {
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  if (schedules.length === 0) return null;
  return (
    <section aria-labelledby="scheduled-publishes" className="rounded-lg border bg-card p-4 text-sm">
      <h2 id="scheduled-publishes" className="mb-2 font-semibold">
        Scheduled publishes
      </h2>
      <ul className="grid gap-2">
        {schedules.map((s) => {
          const name = s.section ? SECTION_TITLES[s.section] : "All changes";
          const when = formatSiteMoment(s.runAt);
          return (
            <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted/60 px-3 py-2">
              <span>
                <strong>{name}</strong> at {when} (Maldives time){s.createdBy ? `, set by ${s.createdBy}` : ""}
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={fetcher.state !== "idle"}
                onClick={() => submitFetcher(fetcher, { intent: "cancel-schedule", id: s.id }, { method: "post" })}
              >
                <X aria-hidden="true" />
                Cancel
                <span className="sr-only">
                  {" "}
                  the scheduled publish of {name} at {when}
                </span>
              </Button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
