import { Link } from "react-router";
import type { Route } from "./+types/site-content";
import { recordAdminActivity } from "~/.server/activity/activity";
import { requireAdmin } from "~/.server/auth/access";
import { listActiveServices } from "~/.server/models/services";
import { type ContentWriteResult, discardDraft, listSectionStates, listVersions, publishDraft, restoreVersion, saveDraft } from "~/.server/models/site-content";
import { LoadError } from "~/components/admin/load-error";
import { PageIntro } from "~/components/admin/page-header";
import { SectionEditor, STALE_MESSAGE } from "~/components/admin/site-content/section-editor";
import { Badge } from "~/components/ui/badge";
import { cn } from "~/lib/utils";
import { isSectionKey, parseSection, SECTION_KEYS, SECTION_TITLES, type SectionKey } from "~/validation/site-content";
import { attempt, fail, intentOf, loadFailed, ok, readForm } from "./action-helpers";

// The Site Content page (docs/decisions/0011-site-content-drafts.md): one editor per home page
// section, in page order, with draft, preview, publish, discard and history.

const sectionOf = (value: string | null): SectionKey => (isSectionKey(value) ? value : "hero");

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
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

const WRITE_INTENTS = ["save", "publish", "discard", "restore"] as const;
type WriteIntent = (typeof WRITE_INTENTS)[number];

const FAILURE: Record<WriteIntent, string> = {
  save: "Failed to save draft",
  publish: "Failed to publish",
  discard: "Failed to discard draft",
  restore: "Failed to restore version",
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  if (!form) return fail({ intent: "save", message: FAILURE.save, detail: "The request was not a form" });
  const intent = intentOf(form);
  if (!(WRITE_INTENTS as readonly string[]).includes(intent)) return fail({ intent, message: "Unknown action" });
  const write = intent as WriteIntent;
  const failure = { intent: write, message: FAILURE[write] };
  const section = form.get("section");
  if (!isSectionKey(section)) return fail({ ...failure, detail: "Unknown section" });
  const revisionText = String(form.get("revision") ?? "");
  if (!/^\d{1,9}$/.test(revisionText)) return fail({ ...failure, detail: "The editor's revision is missing" });
  const revision = Number(revisionText);

  let result: { ok: true; value: ContentWriteResult } | { ok: false; error: string };
  if (write === "save") {
    const content = form.get("content");
    if (typeof content !== "string") return fail({ ...failure, fieldErrors: { form: "The section's content is missing" } });
    const parsed = parseSection(section, content);
    if (!parsed.success) return fail({ ...failure, fieldErrors: parsed.fieldErrors });
    result = await attempt({ intent, section }, () => saveDraft(section, parsed.data, revision, user.id));
  } else if (write === "publish") {
    result = await attempt({ intent, section }, () => publishDraft(section, revision, user.id));
  } else if (write === "discard") {
    result = await attempt({ intent, section }, () => discardDraft(section, revision));
  } else if (write === "restore") {
    const versionId = String(form.get("versionId") ?? "");
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(versionId)) return fail({ ...failure, detail: "That version does not exist" }, 404);
    result = await attempt({ intent, section }, () => restoreVersion(section, versionId, revision, user.id));
  } else {
    return fail({ intent, message: "Unknown action" });
  }
  if (!result.ok) return fail(failure, 500);
  const outcome = result.value;
  if (!outcome.ok) {
    if (outcome.reason === "stale") {
      return fail({ intent: write, message: STALE_MESSAGE, detail: "Someone else saved this section meanwhile. Load the latest version, then make your change again." }, 409);
    }
    if (outcome.reason === "not-found") return fail({ ...failure, detail: "That version does not exist" }, 404);
    return fail({ ...failure, detail: "There is no saved draft" });
  }
  const title = SECTION_TITLES[section];
  await recordAdminActivity(request, user, { entity: "site-content", entityId: section, action: `site-content.${write}`, detail: title });
  const messages: Record<WriteIntent, string> = {
    save: `${title}: draft saved`,
    publish: `${title}: published`,
    discard: `${title}: draft discarded`,
    restore: `${title}: version restored as a draft`,
  };
  const details: Record<WriteIntent, string> = {
    save: "Visitors still see the published version until you publish.",
    publish: "Every visitor now sees this version.",
    discard: "The editor shows the published version again.",
    restore: "Preview it, then publish to make it live.",
  };
  return ok({ intent: write, message: messages[write], detail: details[write] });
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
      <PageIntro title="Site Content" description="Every text and picture of the home page. Save a draft, preview it, then publish it for every visitor." />
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
