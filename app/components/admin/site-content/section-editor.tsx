import { CalendarClock, Eye, History, RotateCcw, Save, Send, Undo2 } from "lucide-react";
import { useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { useUnsavedChangesPage } from "~/components/admin/unsaved-changes";
import { ConfirmDialog } from "~/components/admin/confirm-dialog";
import { Badge } from "~/components/ui/badge";
import { Button, buttonVariants } from "~/components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "~/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { formatDateTime } from "~/lib/format";
import { cn } from "~/lib/utils";
import { type ContentVersion, contentFieldErrors, SECTION_SCHEMAS, SECTION_TITLES, type SectionKey, type SectionState } from "~/validation/site-content";
import { ContentFields, ContentView, type ServiceOption, setAt } from "./content-fields";
import { SECTION_DESCRIPTIONS, SECTION_FIELDS } from "./section-fields";
import { submitFetcher } from "../fetcher-submit";
import { ScheduleDialog } from "./publish-schedule";
import { ColumnHeadings, DhivehiName, type EditorLanguage, LanguageTabs, PhoneLanguage } from "../bilingual";
import { DhivehiProgress } from "../dhivehi-progress";
import { sectionProgress } from "~/validation/site-content-translations";

export const STALE_MESSAGE = "This section changed since you opened it";

/** One section's editor: its fields, then Save draft, Preview, Publish, Discard draft and History. */
export function SectionEditor({ state, versions, services }: { state: SectionState; versions: ContentVersion[]; services: ServiceOption[] }) {
  const { section } = state;
  const fields = SECTION_FIELDS[section];
  const [value, setValue] = useState<unknown>(state.content);
  const baseline = JSON.stringify(state.content);
  // What the last Save draft sent, to recognise it when it comes back stored.
  const [sent, setSent] = useState<string | null>(null);
  // Each write the server accepted comes back with a new revision. When it stored other content than the editor
  // started from and than it sent (a restore, a discard, or content another tab saved), the editor shows what is
  // stored. A publish (same content) or the editor's own save keeps the fields as they are, so nothing typed
  // while the page was reloading the section is lost.
  const [synced, setSynced] = useState({ revision: state.revision, content: baseline });
  if (synced.revision !== state.revision) {
    setSynced({ revision: state.revision, content: baseline });
    if (baseline !== synced.content && baseline !== sent) setValue(state.content);
    setSent(null);
  }
  const fetcher = useFetcher<ActionResult>();
  const current = JSON.stringify(value);
  // Saved, with the page still reloading the section: the fields hold what the server stored, so a click on another
  // section in that moment leaves without asking (it asked "unsaved changes?" of a draft just saved).
  const savedAwaitingReload = sent === current && fetcher.state !== "submitting" && fetcher.data?.ok === true && fetcher.data.intent === "save";
  const dirty = current !== baseline && !savedAwaitingReload;
  const guard = useUnsavedChangesPage(() => dirty);

  const revalidator = useRevalidator();
  const [clientErrors, setClientErrors] = useState<Record<string, string> | null>(null);
  const [stale, setStale] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [scheduleOpen, setScheduleOpen] = useState(false);
  // On a phone: the language the texts show (docs/decisions/0092-site-content-in-two-languages.md).
  const [phoneLanguage, setPhoneLanguage] = useState<EditorLanguage>("en");
  const progress = sectionProgress(section, value as never);
  const busy = fetcher.state !== "idle";
  const serverErrors = fetcher.data && !fetcher.data.ok && fetcher.data.intent === "save" ? fetcher.data.fieldErrors : undefined;
  const errors = clientErrors ?? serverErrors ?? {};

  useActionToast(fetcher.data, (result) => {
    setStale(!result.ok && result.message === STALE_MESSAGE);
    if (result.ok && result.intent === "restore") setHistoryOpen(false);
  });

  const send = (intent: string, extra: Record<string, string> = {}) =>
    submitFetcher(fetcher, { intent, section, revision: String(state.revision), ...extra }, { method: "post" });

  const save = () => {
    const parsed = SECTION_SCHEMAS[section].safeParse(value);
    if (!parsed.success) {
      const found = contentFieldErrors(parsed.error);
      setClientErrors(found);
      // On a phone the first invalid field may be in the other language's tab: show that tab.
      const first = Object.keys(found)[0] ?? "";
      setPhoneLanguage(/(^|\.)dv(\.|$)/.test(first) ? "dv" : "en");
      // The first invalid control, once React has drawn the messages.
      requestAnimationFrame(() => document.querySelector<HTMLElement>("[data-section-editor] [aria-invalid=true]")?.focus());
      return;
    }
    setClientErrors(null);
    const content = JSON.stringify(value);
    setSent(content);
    send("save", { content });
  };

  const status = state.hasDraft
    ? `Draft saved ${state.draftUpdatedAt ? formatDateTime(state.draftUpdatedAt) : ""}${state.draftUpdatedBy ? ` by ${state.draftUpdatedBy}` : ""}: not live yet.`
    : state.publishedAt
      ? `Published ${formatDateTime(state.publishedAt)}${state.publishedBy ? ` by ${state.publishedBy}` : ""}.`
      : "Showing the starting content.";

  return (
    <Card data-section-editor>
      <CardHeader>
        <div className="flex flex-wrap items-center gap-2">
          <CardTitle>
            <h2>{SECTION_TITLES[section]}</h2>
          </CardTitle>
          {state.hasDraft ? <Badge variant="secondary">Draft</Badge> : <Badge variant="outline">Published</Badge>}
          {dirty ? <Badge className="bg-brand-amber text-brand-amber-foreground">Unsaved changes</Badge> : null}
          {progress.total > 0 ? <DhivehiProgress {...progress} /> : null}
        </div>
        <CardDescription>{SECTION_DESCRIPTIONS[section]}</CardDescription>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {status}
          </p>
          {/* Beside the draft's status rather than in the bar below, which holds all it can on a phone and a laptop. */}
          {state.hasDraft ? (
            <Button type="button" variant="outline" size="sm" disabled={busy || dirty} onClick={() => setScheduleOpen(true)}>
              <CalendarClock aria-hidden="true" />
              Schedule
            </Button>
          ) : null}
        </div>
      </CardHeader>
      <CardContent>
        {stale ? (
          <div role="alert" className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 text-sm">
            <span>
              <strong>{STALE_MESSAGE}.</strong> Someone else saved it meanwhile; your changes were not saved.
            </span>
            <Button
              type="button"
              variant="outline"
              size="sm"
              onClick={() => {
                setStale(false);
                setValue(state.content);
                // Its errors are the loader's, shown by the page; nothing waits for it here.
                void revalidator.revalidate();
              }}
            >
              <RotateCcw aria-hidden="true" />
              Load the latest version
            </Button>
          </div>
        ) : null}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            save();
          }}
          id={`section-form-${section}`}
        >
          <LanguageTabs value={phoneLanguage} onChange={setPhoneLanguage} />
          <ColumnHeadings />
          <PhoneLanguage.Provider value={phoneLanguage}>
            <ContentFields section={section} fields={fields} value={value} errors={errors} onChange={(path, next) => setValue((current: unknown) => setAt(current, path, next))} services={services} />
          </PhoneLanguage.Provider>
        </form>
      </CardContent>
      <CardFooter className="sticky bottom-0 z-10 flex flex-wrap gap-2 border-t bg-card/95 py-4 backdrop-blur">
        <Button type="submit" form={`section-form-${section}`} disabled={busy || !dirty}>
          <Save aria-hidden="true" />
          {busy && fetcher.formData?.get("intent") === "save" ? "Saving..." : "Save draft"}
        </Button>
        {/* On a phone the bar takes two rows, not three: Save draft, Publish and History (its word hidden) first. */}
        <a href="/?preview=1" target="_blank" rel="noopener" className={cn(buttonVariants({ variant: "outline" }), "max-sm:order-1")}>
          <Eye aria-hidden="true" />
          Preview
          <span className="sr-only"> in English (opens in a new tab)</span>
        </a>
        {/* The Dhivehi home page's preview (docs/decisions/0092-site-content-in-two-languages.md). */}
        <a href="/dv?preview=1" target="_blank" rel="noopener" className={cn(buttonVariants({ variant: "outline" }), "max-sm:order-1")}>
          <Eye aria-hidden="true" className="max-sm:hidden" />
          <DhivehiName />
          <span className="sr-only"> (Dhivehi preview, opens in a new tab)</span>
        </a>
        <Button type="button" variant="default" className="bg-brand-teal text-white hover:bg-brand-teal/90" disabled={busy || dirty || !state.hasDraft} onClick={() => send("publish")}>
          <Send aria-hidden="true" />
          Publish
        </Button>
        <Button type="button" variant="outline" className="max-sm:order-1" disabled={busy || !state.hasDraft} onClick={() => setConfirmDiscard(true)}>
          <Undo2 aria-hidden="true" />
          Discard draft
        </Button>
        <Button type="button" variant="ghost" onClick={() => setHistoryOpen(true)}>
          <History aria-hidden="true" />
          <span className="max-sm:sr-only">History</span> ({versions.length})
        </Button>
        {dirty ? <p className="w-full text-xs text-muted-foreground max-sm:order-2">Save the draft to preview or publish your changes.</p> : null}
      </CardFooter>

      <ConfirmDialog
        open={confirmDiscard}
        onOpenChange={setConfirmDiscard}
        title={`Discard the draft of ${SECTION_TITLES[section]}?`}
        description="The saved draft is dropped and the editor shows the published version again. Visitors are not affected."
        confirmLabel="Discard draft"
        onConfirm={() => send("discard")}
      />

      <ScheduleDialog open={scheduleOpen} onOpenChange={setScheduleOpen} section={section} />
      <HistoryDialog
        open={historyOpen}
        onOpenChange={setHistoryOpen}
        section={section}
        versions={versions}
        dirty={dirty}
        busy={busy}
        onRestore={(id) => send("restore", { versionId: id })}
      />
      {guard.dialog}
    </Card>
  );
}

function HistoryDialog({
  open,
  onOpenChange,
  section,
  versions,
  dirty,
  busy,
  onRestore,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  section: SectionKey;
  versions: ContentVersion[];
  dirty: boolean;
  busy: boolean;
  onRestore: (id: string) => void;
}) {
  const [viewing, setViewing] = useState<string | null>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="flex max-h-[calc(100dvh-2rem)] flex-col gap-0 p-0 sm:max-w-2xl">
        <DialogHeader className="border-b p-6 pr-12">
          <DialogTitle>History of {SECTION_TITLES[section]}</DialogTitle>
          <DialogDescription>Every publish keeps a version (the last 50), after the content the site started with. Restoring one makes it the draft, to preview and publish.</DialogDescription>
        </DialogHeader>
        <div className="overflow-y-auto p-6">
          {dirty ? <p className="mb-4 rounded-md bg-muted p-3 text-sm">Save or discard your unsaved changes before restoring a version.</p> : null}
          {versions.length === 1 ? <p className="mb-4 text-sm text-muted-foreground">Nothing published yet.</p> : null}
          <ol className="grid gap-3">
            {versions.map((v) => {
              // Version 0 is the starting content: no one published it (docs/decisions/0074-starting-content-in-history.md).
              const name = v.createdAt === null ? "Starting content" : `Version ${v.version}`;
              return (
                <li key={v.id} className="rounded-lg border p-4" aria-label={name}>
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <div>
                      <p className="font-medium">{name}</p>
                      <p className="text-sm text-muted-foreground">
                        {v.createdAt === null ? "What the site started with" : `${v.scheduled ? "Published as scheduled" : "Published"} ${formatDateTime(v.createdAt)}`}
                        {v.createdBy ? ` ${v.scheduled ? "(set by" : "by"} ${v.createdBy}${v.scheduled ? ")" : ""}` : ""}
                      </p>
                    </div>
                    <div className="flex gap-2">
                      <Button type="button" variant="outline" size="sm" aria-expanded={viewing === v.id} onClick={() => setViewing(viewing === v.id ? null : v.id)}>
                        {viewing === v.id ? "Hide" : "View"}
                        <span className="sr-only"> {name.toLowerCase()}</span>
                      </Button>
                      <Button type="button" size="sm" disabled={dirty || busy} onClick={() => onRestore(v.id)}>
                        Restore as draft
                        <span className="sr-only"> ({name.toLowerCase()})</span>
                      </Button>
                    </div>
                  </div>
                  {viewing === v.id ? (
                    <div className="mt-4 border-t pt-4">
                      <ContentView section={section} fields={SECTION_FIELDS[section]} value={v.content} />
                    </div>
                  ) : null}
                </li>
              );
            })}
          </ol>
        </div>
      </DialogContent>
    </Dialog>
  );
}
