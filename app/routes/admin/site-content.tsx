import { Link } from "react-router";
import type { Route } from "./+types/site-content";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { listActiveServices } from "~/.server/models/services";
import { type ContentWriteResult, discardDraft, listSectionStates, listVersions, publishDraft, restoreVersion, saveDraft } from "~/.server/models/site-content";
import { LoadError } from "~/components/admin/load-error";
import { PageIntro } from "~/components/admin/page-header";
import { SectionEditor, STALE_MESSAGE } from "~/components/admin/site-content/section-editor";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import { isSectionKey, parseSection, SECTION_KEYS, SECTION_TITLES, type SectionKey } from "~/validation/site-content";
import { fail, loadFailed } from "./action-helpers";
import { recordAction, type Wording } from "./record-action";

// The Site Content page (docs/decisions/0011-site-content-drafts.md): one editor per home page
// section, in page order, with draft, preview, publish, discard and history.

const sectionOf = (value: string | null): SectionKey => (isSectionKey(value) ? value : "hero");

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "content.edit", intents: { discard: "content.edit", publish: "content.edit", restore: "content.edit", save: "content.edit" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  const section = sectionOf(new URL(request.url).searchParams.get("section"));
  const [states, versions, services] = await Promise.all([
    listSectionStates().catch(loadFailed("site content")),
    listVersions(section).catch(loadFailed("site content history")),
    // The footer's service links; without them the links just cannot be chosen.
    listActiveServices()
      .then((list) => list.map((s) => ({ id: s.id, title: s.title })))
      .catch(loadFailed("services")),
  ]);
  if (!states) return { section, states: [], versions: [], services: [], loadError: "Failed to fetch site content" };
  return { section, states, versions: versions ?? [], services: services ?? [], loadError: null };
}

type WriteIntent = "save" | "publish" | "discard" | "restore";

const FAILURE: Record<WriteIntent, string> = {
  save: "Failed to save draft",
  publish: "Failed to publish",
  discard: "Failed to discard draft",
  restore: "Failed to restore version",
};

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
  wording: (intent: string): Wording => ({ message: FAILURE[intent as WriteIntent] ?? FAILURE.save }),
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
      default:
        return act.unknown();
    }
  });
}

export default function SiteContentPage({ loaderData }: Route.ComponentProps) {
  const { section, states, versions, services, loadError } = loaderData;
  if (loadError) {
    return (
      <>
        <title>Site Content | Admin</title>
        <LoadError message={loadError} />
      </>
    );
  }
  const current = states.find((s) => s.section === section) ?? states[0];
  return (
    <>
      <title>Site Content | Admin</title>
      <PageIntro title="Site Content" description="Every text and picture of the home page. Save a draft, preview it, then publish it for every visitor. Write {company} where a text names the company: visitors read the published company name there." />
      <div className="grid gap-6 lg:grid-cols-[14rem_1fr] lg:items-start">
        <nav aria-label="Sections" className="lg:sticky lg:top-20">
          <ul className="flex flex-wrap gap-2 lg:flex-col lg:gap-1">
            {SECTION_KEYS.map((key) => {
              const state = states.find((s) => s.section === key);
              const active = key === section;
              return (
                <li key={key}>
                  <Link
                    to={`?section=${key}`}
                    aria-current={active ? "page" : undefined}
                    preventScrollReset
                    className={cn(
                      "flex items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm font-medium transition-colors hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none lg:border-transparent",
                      active && "border-primary bg-accent lg:border-primary",
                    )}
                  >
                    {SECTION_TITLES[key]}
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
