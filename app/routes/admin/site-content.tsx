import { Link, useSearchParams } from "react-router";
import type { Route } from "./+types/site-content";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { listActiveServices } from "~/.server/models/services";
import { cancelSchedule, createSchedule, listPendingSchedules } from "~/.server/models/content-schedules";
import { type ContentWriteResult, discardDraft, listSectionStates, listVersions, publishDraft, publishSections, restoreVersion, saveDraft } from "~/.server/models/site-content";
import { LoadError } from "~/components/admin/load-error";
import { PageIntro } from "~/components/admin/page-header";
import { PendingSchedules, PublishAll } from "~/components/admin/site-content/publish-schedule";
import { SectionEditor, STALE_MESSAGE } from "~/components/admin/site-content/section-editor";
import { formatSiteMoment } from "~/lib/site-time";
import { ScheduleSchema } from "~/validation/schedule";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import { isSectionKey, parseSection, SECTION_KEYS, SECTION_TITLES, type SectionKey } from "~/validation/site-content";
import { needsDhivehi } from "~/validation/site-content-translations";
import { fail, loadFailed } from "./action-helpers";
import { recordAction, type Wording } from "./record-action";

// The Site Content page (docs/decisions/0011-site-content-drafts.md): one editor per home page
// section, in page order, with draft, preview, publish, discard and history.

const sectionOf = (value: string | null): SectionKey => (isSectionKey(value) ? value : "hero");

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = {
  loader: "content.edit",
  intents: { discard: "content.edit", publish: "content.edit", restore: "content.edit", save: "content.edit", "publish-all": "content.edit", schedule: "content.edit", "cancel-schedule": "content.edit" },
} satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  const section = sectionOf(new URL(request.url).searchParams.get("section"));
  const [states, versions, services, schedules] = await Promise.all([
    listSectionStates().catch(loadFailed("site content")),
    listVersions(section).catch(loadFailed("site content history")),
    // The footer's service links; without them the links just cannot be chosen.
    listActiveServices()
      .then((list) => list.map((s) => ({ id: s.id, title: s.title })))
      .catch(loadFailed("services")),
    listPendingSchedules().catch(loadFailed("scheduled publishes")),
  ]);
  if (!states) return { section, states: [], versions: [], services: [], schedules: [], loadError: "Failed to fetch site content" };
  return { section, states, versions: versions ?? [], services: services ?? [], schedules: schedules ?? [], loadError: null };
}

type WriteIntent = "save" | "publish" | "discard" | "restore";

const FAILURE: Record<WriteIntent, string> = {
  save: "Failed to save draft",
  publish: "Failed to publish",
  discard: "Failed to discard draft",
  restore: "Failed to restore version",
};

// Publish all and schedules (docs/product.md#scheduling; docs/decisions/0086-scheduled-publish.md).
const OTHER_FAILURES: Record<string, string> = {
  "publish-all": "Failed to publish all changes",
  schedule: "Failed to schedule the publish",
  "cancel-schedule": "Failed to cancel the scheduled publish",
};

/** "hero:3": a section with a draft and the revision the admin saw. */
function readPublishList(form: FormData): Array<{ section: SectionKey; revision: number }> | null {
  const list = form.getAll("sections").map((v) => /^([a-z]{1,20}):(\d{1,9})$/.exec(String(v)));
  if (list.length === 0 || list.length > SECTION_KEYS.length) return null;
  const parsed = list.map((m) => (m && isSectionKey(m[1]) ? { section: m[1], revision: Number(m[2]) } : null));
  if (parsed.some((p) => p === null)) return null;
  const unique = new Map(parsed.map((p) => [p!.section, p!]));
  return unique.size === parsed.length ? [...unique.values()] : null;
}

const scheduleName = (section: SectionKey | null) => (section ? SECTION_TITLES[section] : "All changes");

const MESSAGES: Record<WriteIntent, (title: string) => { message: string; detail: string }> = {
  save: (title) => ({ message: `${title}: draft saved`, detail: "Visitors still see the published version until you publish." }),
  publish: (title) => ({ message: `${title}: published`, detail: "Every visitor now sees this version." }),
  discard: (title) => ({ message: `${title}: draft discarded`, detail: "The editor shows the published version again." }),
  restore: (title) => ({ message: `${title}: version restored as a draft`, detail: "Preview it, then publish to make it live." }),
};

const OPTIONS = {
  entity: "site-content",
  noun: "section",
  notFound: "That version does not exist",
  // A body that is not a form (intent "") is worded as a failed save.
  wording: (intent: string): Wording => ({ message: FAILURE[intent as WriteIntent] ?? OTHER_FAILURES[intent] ?? FAILURE.save }),
} as const;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  return recordAction(request, user, OPTIONS, async (act) => {
    const { intent, form } = act;
    switch (intent) {
      case "save":
      case "publish":
      case "discard":
      case "restore": {
        const section = form.get("section");
        if (!isSectionKey(section)) return act.refuse("Unknown section");
        const revisionText = String(form.get("revision") ?? "");
        if (!/^\d{1,9}$/.test(revisionText)) return act.refuse("The editor's revision is missing");
        const revision = Number(revisionText);
        let step: () => Promise<ContentWriteResult>;
        if (intent === "save") {
          const content = form.get("content");
          if (typeof content !== "string") return act.refuse(null, 400, { form: "The section's content is missing" });
          const parsed = parseSection(section, content);
          if (!parsed.success) return act.refuse(null, 400, parsed.fieldErrors);
          step = () => saveDraft(section, parsed.data, revision, user.id);
        } else if (intent === "publish") {
          step = () => publishDraft(section, revision, user.id);
        } else if (intent === "discard") {
          step = () => discardDraft(section, revision);
        } else {
          const versionId = String(form.get("versionId") ?? "");
          if (!/^[A-Za-z0-9_-]{1,100}$/.test(versionId)) return act.refuse("That version does not exist", 404);
          step = () => restoreVersion(section, versionId, revision, user.id);
        }
        const outcome = await act.run(step, { section });
        if (!outcome.ok) {
          if (outcome.reason === "stale") {
            // Its own message, not the intent's failure: the editor shows the reload notice on it.
            return fail({ intent, message: STALE_MESSAGE, detail: "Someone else saved this section meanwhile. Load the latest version, then make your change again." }, 409);
          }
          if (outcome.reason === "not-found") return act.refuse("That version does not exist", 404);
          return act.refuse("There is no saved draft");
        }
        const title = SECTION_TITLES[section];
        return act.done({ entityId: section, action: `site-content.${intent}`, detail: title }, MESSAGES[intent](title));
      }
      case "publish-all": {
        const list = readPublishList(act.form);
        if (!list) return act.refuse("Choose the sections to publish");
        const outcome = await act.run(() => publishSections(list, user.id));
        if (!outcome.ok) {
          return fail({ intent, message: STALE_MESSAGE, detail: "A section changed since you opened this page. Load the latest version, then publish again." }, 409);
        }
        const titles = list.map((p) => SECTION_TITLES[p.section]);
        return act.doneMany(
          list.map((p) => ({ entityId: p.section, action: "site-content.publish", detail: SECTION_TITLES[p.section] })),
          { message: `Published ${titles.length === 1 ? titles[0] : `${titles.length} sections`}`, detail: "Every visitor now sees these changes." },
        );
      }
      case "schedule": {
        const { section, run_at: runAt } = act.parse(ScheduleSchema);
        const target = section === "all" ? null : (section as SectionKey);
        await act.run(() => createSchedule(target, runAt, user.id));
        const when = formatSiteMoment(runAt);
        return act.done(
          { entityId: target, action: "site-content.schedule", detail: `${scheduleName(target)} at ${when}` },
          { message: `${scheduleName(target)}: publish scheduled for ${when} (Maldives time)`, detail: "The drafts as they are then go live; changes you save before then are included." },
        );
      }
      case "cancel-schedule": {
        const id = act.id();
        const cancelled = await act.run(async () => ({ schedule: await cancelSchedule(id) }));
        if (!cancelled.schedule) return act.refuse("That scheduled publish has already run or was cancelled", 404);
        const { section: target, runAt } = cancelled.schedule;
        return act.done(
          { entityId: target, action: "site-content.cancel-schedule", detail: `${scheduleName(target)} at ${formatSiteMoment(runAt)}` },
          { message: "Scheduled publish cancelled", detail: `${scheduleName(target)} stays as it is until you publish.` },
        );
      }
      default:
        return act.unknown();
    }
  });
}

/** The section list's filter: only the sections with a text that has no Dhivehi value yet. */
const NEEDS_DHIVEHI = "needs-dhivehi";

export default function SiteContentPage({ loaderData }: Route.ComponentProps) {
  const { section, states, versions, services, schedules, loadError } = loaderData;
  const [params] = useSearchParams();
  const filtered = params.get("filter") === NEEDS_DHIVEHI;
  if (loadError) {
    return (
      <>
        <title>Site Content | Admin</title>
        <LoadError message={loadError} />
      </>
    );
  }
  const current = states.find((s) => s.section === section) ?? states[0];
  // docs/decisions/0092-site-content-in-two-languages.md: what the editor opens with (the draft, else the published).
  const untranslated = new Set(states.filter((s) => needsDhivehi(s.section, s.content as never)).map((s) => s.section));
  const listed = filtered ? SECTION_KEYS.filter((key) => untranslated.has(key) || key === section) : SECTION_KEYS;
  const withFilter = (query: string) => (filtered ? `${query}&filter=${NEEDS_DHIVEHI}` : query);
  return (
    <>
      <title>Site Content | Admin</title>
      <PageIntro title="Site Content" description="Every text and picture of the home page. Save a draft, preview it, then publish it for every visitor. Write {company} where a text names the company: visitors read the published company name there." />
      <div className="mb-6 grid gap-3">
        <PublishAll states={states} />
        <PendingSchedules schedules={schedules} />
      </div>
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr] lg:items-start">
        <nav aria-label="Sections" className="lg:sticky lg:top-20">
          <Link
            to={filtered ? `?section=${section}` : `?section=${section}&filter=${NEEDS_DHIVEHI}`}
            preventScrollReset
            className={cn(
              "mb-2 flex items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-xs font-medium transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none",
              filtered && "border-primary bg-accent",
            )}
          >
            <span>
              Needs Dhivehi
              <span className="sr-only">{filtered ? ": showing only these sections, select to show all" : ": select to show only these sections"}</span>
            </span>
            <span className="text-muted-foreground">{filtered ? "Show all" : untranslated.size}</span>
          </Link>
          {filtered && untranslated.size === 0 ? <p className="mb-2 text-xs text-muted-foreground">Every section is in Dhivehi too.</p> : null}
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {listed.map((key) => {
              const state = states.find((s) => s.section === key);
              const active = key === section;
              return (
                <li key={key}>
                  <Link
                    to={withFilter(`?section=${key}`)}
                    aria-current={active ? "page" : undefined}
                    preventScrollReset
                    className={cn(
                      "flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm font-medium transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none lg:border-transparent",
                      active && "border-primary bg-accent lg:border-primary",
                    )}
                  >
                    {SECTION_TITLES[key]}
                    {untranslated.has(key) ? (
                      <span title="Needs Dhivehi" className="size-1.5 shrink-0 rounded-full bg-amber-500">
                        <span className="sr-only"> (needs Dhivehi)</span>
                      </span>
                    ) : null}
                    {schedules.some((p) => p.section === key || (p.section === null && state?.hasDraft)) ? (
                      <Badge variant="outline" className="ml-auto text-[0.65rem]">
                        Scheduled
                      </Badge>
                    ) : null}
                    {state?.hasDraft ? (
                      <Badge variant="secondary" className="text-[0.65rem]">
                        Draft
                      </Badge>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {current ? <SectionEditor key={current.section} state={current} versions={versions} services={services} /> : null}
      </div>
    </>
  );
}
