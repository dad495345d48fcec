import { ArrowLeft } from "lucide-react";
import { useState } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/reply-templates";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { createReplyTemplate, deleteReplyTemplate, listReplyTemplates, updateReplyTemplate } from "~/.server/models/reply-templates";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { submitFetcher } from "~/components/admin/fetcher-submit";
import { PageIntro } from "~/components/admin/page-header";
import { ReplyTemplateForm } from "~/components/admin/reply-template-form";
import { Button } from "~/components/ui/button";
import type { ReplyTemplate } from "~/lib/lead-records";
import { ReplyTemplateSchema } from "~/validation/lead";
import { recordAction, type Wording } from "./record-action";

// Reply templates for answering leads (docs/decisions/0017-leads-pipeline.md): {name}, {project_type}
// and {company} are filled in when a template is picked on a lead; a lead written in Dhivehi gets a template's
// Dhivehi version when it has one (docs/decisions/0077-dhivehi-design.md, Enquiries).

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "leads.view", intents: { "create-template": "leads.edit", "delete-template": "leads.edit", "update-template": "leads.edit" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  return { templates: await listReplyTemplates() };
}

// A reason ('Template not found') is the whole message of these toasts.
const SAVE: Wording = { message: "Failed to save template", reason: "instead" };
const DELETE: Wording = { message: "Failed to delete template", reason: "instead" };

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  const options = { entity: "reply-template", noun: "template", wording: (intent: string) => (intent === "delete-template" ? DELETE : SAVE) };
  return recordAction(request, user, options, async (act) => {
    const { intent } = act;
    if (intent === "create-template") {
      const input = act.parse(ReplyTemplateSchema);
      const created = await act.run(() => createReplyTemplate(input));
      return act.done({ action: "reply-template.create", entityId: created.id, detail: input.name }, { id: created.id, message: "Template created" });
    }
    if (intent === "update-template") {
      const input = act.parse(ReplyTemplateSchema);
      const id = act.id();
      await act.run(() => updateReplyTemplate(id, input));
      return act.done({ action: "reply-template.update", entityId: id, detail: input.name }, { id, message: "Template saved" });
    }
    if (intent === "delete-template") {
      const id = act.id();
      await act.run(() => deleteReplyTemplate(id));
      return act.done({ action: "reply-template.delete", entityId: id, detail: null }, { message: "Template deleted" });
    }
    return act.unknown();
  });
}

export default function ReplyTemplatesPage({ loaderData }: Route.ComponentProps) {
  // Delete lives here, not in the template's card: the card is gone once its delete is answered, its toast is not.
  // The template stays named while the dialog closes.
  const [deleting, setDeleting] = useState<{ open: boolean; template: ReplyTemplate | null }>({ open: false, template: null });
  const deleteFetcher = useFetcher<ActionResult>();
  useActionToast(deleteFetcher.data);
  const deletingId = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("id") : null;
  return (
    <div className="grid gap-6">
      <PageIntro title="Reply templates" description="Ready answers for leads, each with an optional Dhivehi version for leads written in Dhivehi. {name}, {project_type} and {company} are filled in when you use one.">
        <Button asChild variant="outline">
          <Link to="/admin/enquiries">
            <ArrowLeft aria-hidden="true" />
            Enquiries
          </Link>
        </Button>
      </PageIntro>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {loaderData.templates
          .filter((t) => t.id !== deletingId)
          .map((t) => (
            <ReplyTemplateForm key={t.id} template={t} onDelete={() => setDeleting({ open: true, template: t })} />
          ))}
        <ReplyTemplateForm />
      </div>
      <ConfirmDeleteDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((d) => ({ ...d, open }))}
        question="Are you sure you want to delete this template?"
        itemName={deleting.template?.name}
        onConfirm={() => {
          if (deleting.template) submitFetcher(deleteFetcher, { intent: "delete-template", id: deleting.template.id }, { method: "post" });
        }}
      />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reply templates | Admin" }, { name: "robots", content: "noindex, nofollow" }];
