import { FolderKanban, Plus } from "lucide-react";
import { useState } from "react";
import { useFetcher, useSearchParams } from "react-router";
import type { Route } from "./+types/projects";
import { requireAdmin } from "~/.server/access";
import { recordAdminActivity } from "~/.server/activity";
import { changedFields } from "~/.server/models/activity";
import { createProject, deleteProject, getProject, listProjects, type Project, setProjectFlags, updateProject } from "~/.server/models/projects";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { EmptyState } from "~/components/admin/empty-state";
import { LoadError } from "~/components/admin/load-error";
import { PageIntro } from "~/components/admin/page-header";
import { ProjectCard } from "~/components/admin/project-card";
import { ProjectDialog } from "~/components/admin/project-dialog";
import { Button } from "~/components/ui/button";
import { checkbox } from "~/validation/fields";
import { PROJECT_LIST_FIELDS, ProjectSchema } from "~/validation/project";
import { attempt, categoryOptions, createCategoryAction, fail, firstError, intentOf, loadFailed, ok, parseForm, readForm, readId } from "./action-helpers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const [projects, categories] = await Promise.all([
    listProjects().catch(loadFailed("projects")),
    categoryOptions("project"),
  ]);
  return { projects, loadError: projects === null ? "Failed to fetch projects" : null, categories };
}

const saveFailed = (reason: string) => `Failed to save project: ${reason || "Unknown error"}`;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  if (!form) return fail({ intent: "", message: saveFailed("The request was not a form") });
  const intent = intentOf(form);
  const log = (entry: Parameters<typeof recordAdminActivity>[2]) => recordAdminActivity(request, user, { entity: "project", ...entry });

  switch (intent) {
    case "create":
    case "update": {
      let id: string | null = null;
      if (intent === "update") {
        const target = readId(form);
        if (target.kind === "missing") return fail({ intent, message: saveFailed("No project was given") });
        if (target.kind === "unknown") return fail({ intent, message: saveFailed("Project not found") }, 404);
        id = target.id;
      }
      const parsed = parseForm(ProjectSchema, form, PROJECT_LIST_FIELDS);
      if (!parsed.success) return fail({ intent, message: saveFailed(firstError(parsed.fieldErrors)), fieldErrors: parsed.fieldErrors });
      const input = parsed.data;
      // The stored record before the change, so the log can name the fields that changed.
      let before: Project | null = null;
      const saved = await attempt({ intent, id }, async () => {
        if (!id) return createProject(input, user.id);
        before = await getProject(id);
        return before ? updateProject(id, input, user.id) : null;
      });
      if (!saved.ok) return fail({ intent, message: saveFailed("Unknown error") }, 500);
      if (!saved.value) return fail({ intent, message: saveFailed("Project not found") }, 404);
      await log({ action: `project.${intent}`, entityId: saved.value.id, fields: changedFields(before, input), detail: saved.value.title });
      return ok({ intent, id: saved.value.id, message: id ? "Project updated successfully" : "Project created successfully" });
    }
    case "set-flags": {
      const target = readId(form);
      if (target.kind === "missing") return fail({ intent, message: saveFailed("No project was given") });
      if (target.kind === "unknown") return fail({ intent, message: saveFailed("Project not found") }, 404);
      const flags = {
        ...(form.has("is_public") ? { is_public: checkbox.parse(form.get("is_public")) } : {}),
        ...(form.has("is_featured") ? { is_featured: checkbox.parse(form.get("is_featured")) } : {}),
      };
      const done = await attempt({ intent, id: target.id }, () => setProjectFlags(target.id, flags, user.id));
      if (!done.ok) return fail({ intent, message: saveFailed("Unknown error") }, 500);
      if (!done.value) return fail({ intent, message: saveFailed("Project not found") }, 404);
      await log({
        action: "project.set-flags",
        entityId: target.id,
        fields: Object.keys(flags),
        detail: Object.entries(flags)
          .map(([key, value]) => `${key === "is_public" ? "Public" : "Featured"}: ${value ? "on" : "off"}`)
          .join(", "),
      });
      return ok({ intent, id: target.id, message: "Project updated successfully" });
    }
    case "delete": {
      const failure = { intent, message: "Failed to delete project" };
      const target = readId(form);
      if (target.kind === "missing") return fail({ ...failure, detail: "No project was given" });
      if (target.kind === "unknown") return fail({ ...failure, detail: "Project not found" }, 404);
      let title: string | null = null;
      const done = await attempt({ intent, id: target.id }, async () => {
        title = (await getProject(target.id))?.title ?? null;
        return deleteProject(target.id, user.id);
      });
      if (!done.ok) return fail(failure, 500);
      if (!done.value) return fail({ ...failure, detail: "Project not found" }, 404);
      await log({ action: "project.delete", entityId: target.id, detail: title });
      return ok({ intent, id: target.id, message: "Project deleted successfully" });
    }
    case "create-category":
      return createCategoryAction(form, user, request);
    default:
      return fail({ intent, message: "Unknown action" });
  }
}

export default function ProjectsPage({ loaderData }: Route.ComponentProps) {
  const { loadError, categories } = loaderData;
  const projects = loaderData.projects ?? [];
  const [searchParams, setSearchParams] = useSearchParams();
  // The dashboard's 'Add Project' links here with ?new=1.
  const [dialog, setDialog] = useState<{ open: boolean; project: Project | null }>(() => ({ open: searchParams.get("new") === "1", project: null }));
  const [deleting, setDeleting] = useState<{ open: boolean; project: Project | null }>({ open: false, project: null });
  const deleteFetcher = useFetcher<ActionResult>();
  useActionToast(deleteFetcher.data);
  const deletingId = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("id") : null;
  const visible = projects.filter((p) => p.id !== deletingId);
  const openNew = () => setDialog({ open: true, project: null });

  const onDialogChange = (open: boolean) => {
    setDialog((d) => ({ ...d, open }));
    if (!open && searchParams.has("new")) {
      setSearchParams(
        (params) => {
          params.delete("new");
          return params;
        },
        { replace: true, preventScrollReset: true },
      );
    }
  };

  return (
    <>
      <title>Projects | Admin</title>
      <PageIntro title="Manage Projects" description="Public projects appear on the website, featured ones first.">
        <Button onClick={openNew}>
          <Plus aria-hidden="true" />
          Add Project
        </Button>
      </PageIntro>

      {loadError ? (
        <LoadError message={loadError} />
      ) : visible.length === 0 ? (
        <EmptyState icon={FolderKanban} title="No projects found" description="Show off your work: add a project with photos, budget and progress.">
          <Button onClick={openNew}>
            <Plus aria-hidden="true" />
            Create Your First Project
          </Button>
        </EmptyState>
      ) : (
        <section aria-label="Projects" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
          {visible.map((project, index) => (
            <ProjectCard
              key={project.id}
              project={project}
              priority={index === 0}
              onEdit={() => setDialog({ open: true, project })}
              onDelete={() => setDeleting({ open: true, project })}
            />
          ))}
        </section>
      )}

      <ProjectDialog open={dialog.open} onOpenChange={onDialogChange} project={dialog.project} categories={categories} />
      <ConfirmDeleteDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((d) => ({ ...d, open }))}
        question="Are you sure you want to delete this project?"
        outcome="will move to the Trash, where it is kept for 30 days and can be restored."
        itemName={deleting.project?.title}
        onConfirm={() => {
          if (deleting.project) void deleteFetcher.submit({ intent: "delete", id: deleting.project.id }, { method: "post" });
        }}
      />
    </>
  );
}
