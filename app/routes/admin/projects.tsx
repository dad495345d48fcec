import { FolderKanban } from "lucide-react";
import { lazy, Suspense } from "react";
import type { Route } from "./+types/projects";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { countProjects, createProject, deleteProject, getProject, listProjects, listProjectsNeedingDhivehi, type Project, setProjectFlags, updateProject } from "~/.server/models/projects";
import { NEEDS_DHIVEHI_PARAM, needsDhivehiRequested } from "~/validation/translatable-fields";
import { useMoveToTrash } from "~/components/admin/move-to-trash";
import { Pager } from "~/components/admin/pager";
import { RecordListPage, useRecordDialog } from "~/components/admin/record-list";
import { ProjectCard } from "~/components/admin/project-card";
import { checkbox } from "~/validation/fields";
import { pageWindow, PROJECTS_PAGE_SIZE, requestedPage } from "~/validation/paging";
import { ProjectSchema } from "~/validation/project";
import { CATEGORY_NAME_DV_WORDING, CATEGORY_WORDING, categoryOptions, isRecordId, loadFailed } from "./action-helpers";
import { recordAction, recordListIntent, type Wording } from "./record-action";

// The Add/Edit dialog (its form, schema check and upload fields) loads when it is first opened, not with the page:
// a phone paints the list sooner (docs/decisions/0033-admin-on-a-phone.md).
const ProjectDialog = lazy(() => import("~/components/admin/project-dialog").then((m) => ({ default: m.ProjectDialog })));

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "content.edit", intents: { create: "content.edit", "create-category": "content.edit", delete: "content.edit", "name-category": "content.edit", "set-flags": "content.edit", update: "content.edit" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  const params = new URL(request.url).searchParams;
  const requested = requestedPage(params);
  // `?edit=<id>` opens that project's dialog, whatever page it is on: Media's "where it is used" links here
  // (docs/decisions/0094-media-replace-and-paging.md). An id that names nothing opens nothing.
  const editId = params.get("edit") ?? "";
  const editing = isRecordId(editId) ? getProject(editId).catch(() => null) : Promise.resolve(null);
  // "Needs Dhivehi" (docs/decisions/0077-dhivehi-design.md): the projects with an English text not yet in Dhivehi.
  const needed = needsDhivehiRequested(params);
  // One page of cards (docs/decisions/0056-paged-admin-lists.md), counted first so that a page past the end (its
  // last card just deleted) shows the last page there is.
  const listPage = async () => {
    if (needed) {
      let paging = pageWindow(0, requested, PROJECTS_PAGE_SIZE);
      const { projects } = await listProjectsNeedingDhivehi((total) => (paging = pageWindow(total, requested, PROJECTS_PAGE_SIZE)));
      return { paging, projects };
    }
    const paging = pageWindow((await countProjects()).total, requested, PROJECTS_PAGE_SIZE);
    return { paging, projects: await listProjects(paging) };
  };
  const [list, categories, edit] = await Promise.all([listPage().catch(loadFailed("projects")), categoryOptions("project"), editing]);
  return { projects: list?.projects ?? null, paging: list?.paging ?? null, loadError: list === null ? "Failed to fetch projects" : null, categories, editing: edit, needed };
}

// docs/product.md#projects: a failed save names its reason after the message ('Failed to save project: {reason}').
const SAVE: Wording = { message: "Failed to save project", reason: "inline" };
const WORDING: Record<string, Wording> = { delete: { message: "Failed to delete project" }, "create-category": CATEGORY_WORDING, "name-category": CATEGORY_NAME_DV_WORDING };

const STEPS = { entity: "project", schema: ProjectSchema, get: getProject, create: createProject, update: updateProject, remove: deleteProject } as const;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  const options = { entity: "project", noun: "project", wording: (intent: string) => WORDING[intent] ?? SAVE };
  return recordAction(request, user, options, async (act) => {
    const { intent } = act;
    switch (intent) {
      case "set-flags": {
        const id = act.id();
        const flags = {
          ...(act.form.has("is_public") ? { is_public: checkbox.parse(act.form.get("is_public")) } : {}),
          ...(act.form.has("is_featured") ? { is_featured: checkbox.parse(act.form.get("is_featured")) } : {}),
        };
        await act.run(() => setProjectFlags(id, flags, user.id));
        const detail = Object.entries(flags)
          .map(([key, value]) => `${key === "is_public" ? "Public" : "Featured"}: ${value ? "on" : "off"}`)
          .join(", ");
        return act.done({ action: "project.set-flags", entityId: id, fields: Object.keys(flags), detail }, { id, message: "Project updated successfully" });
      }
      default:
        return recordListIntent(act, user, STEPS);
    }
  });
}

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { loadError, categories, paging, needed } = loaderData;
  const projects = loaderData.projects ?? [];
  // The dashboard's 'Add Project' links here with ?new=1, Media's uses with ?edit=<id>.
  const dialog = useRecordDialog<Project>((params) => (params.get("new") === "1" ? null : (loaderData.editing ?? undefined)), ["new", "edit"]);
  const trash = useMoveToTrash<Project>("project");

  return (
    <>
      <RecordListPage
        noun="project"
        icon={FolderKanban}
        description="Public projects appear on the website, featured ones first."
        emptyDescription="Show off your work: add a project with photos, budget and progress."
        loadError={loadError}
        needed={needed}
        records={projects.filter((r) => r.id !== trash.removingId)}
        onNew={() => dialog.edit(null)}
        className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3"
        card={(project, index) => <ProjectCard key={project.id} project={project} priority={index === 0} onEdit={() => dialog.edit(project)} onDelete={() => trash.ask(project)} />}
      />
      {paging && paging.pageCount > 1 && !loadError ? (
        <Pager label="Project pages" {...paging} className="mt-6" href={(page) => {
            const query = new URLSearchParams([...(needed ? [[NEEDS_DHIVEHI_PARAM, "needed"]] : []), ...(page > 1 ? [["page", String(page)]] : [])]);
            return `?${query}`;
          }} />
      ) : null}

      {dialog.loaded ? (
        <Suspense fallback={null}>
          <ProjectDialog open={dialog.open} onOpenChange={dialog.onOpenChange} project={dialog.record} categories={categories} />
        </Suspense>
      ) : null}
      {trash.dialog}
    </>
  );
}
