import { ArrowLeft, Plus, Save, Trash2 } from "lucide-react";
import { useRef } from "react";
import { Link, useFetcher } from "react-router";
import type { Route } from "./+types/reply-templates";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { createReplyTemplate, deleteReplyTemplate, listReplyTemplates, updateReplyTemplate } from "~/.server/models/reply-templates";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { FieldError } from "~/components/admin/form-fields";
import { PageIntro } from "~/components/admin/page-header";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { ReplyTemplateSchema } from "~/validation/lead";
import { recordAction, type Wording } from "./record-action";

// Reply templates for answering leads (docs/decisions/0017-leads-pipeline.md): {name}, {project_type}
// and {company} are filled in when a template is picked on a lead.

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

function TemplateForm({ template }: { template?: { id: string; name: string; subject: string; body: string } }) {
  const fetcher = useFetcher<ActionResult>();
  const ref = useRef<HTMLFormElement>(null);
  useActionToast(fetcher.data, (result) => {
    if (result.ok && !template) ref.current?.reset();
  });
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.fieldErrors ?? {}) : {};
  const prefix = template ? `tpl-${template.id}` : "tpl-new";
  const busy = fetcher.state !== "idle";
  return (
    <Card>
      <CardContent>
        <fetcher.Form ref={ref} method="post" className="grid gap-3" aria-label={template ? `Template ${template.name}` : "New template"}>
          {template ? <input type="hidden" name="id" value={template.id} /> : null}
          <div className="grid gap-1">
            <Label htmlFor={`${prefix}-name`}>Name</Label>
            <Input id={`${prefix}-name`} name="name" defaultValue={template?.name} aria-invalid={errors.name ? true : undefined} />
            <FieldError message={errors.name} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${prefix}-subject`}>Subject</Label>
            <Input
              id={`${prefix}-subject`}
              name="subject"
              defaultValue={template?.subject ?? "Re: {project_type}"}
              aria-invalid={errors.subject ? true : undefined}
            />
            <FieldError message={errors.subject} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${prefix}-body`}>Message</Label>
            <Textarea id={`${prefix}-body`} name="body" rows={6} defaultValue={template?.body} aria-invalid={errors.body ? true : undefined} />
            <FieldError message={errors.body} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" name="intent" value={template ? "update-template" : "create-template"} disabled={busy}>
              {template ? <Save aria-hidden="true" /> : <Plus aria-hidden="true" />}
              {template ? "Save template" : "Add template"}
            </Button>
            {template ? (
              <Button
                type="submit"
                name="intent"
                value="delete-template"
                variant="outline"
                disabled={busy}
                aria-label={`Delete template ${template.name}`}
              >
                <Trash2 aria-hidden="true" />
                Delete
              </Button>
            ) : null}
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}

export default function ReplyTemplatesPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <PageIntro title="Reply templates" description="Ready answers for leads. {name}, {project_type} and {company} are filled in when you use one.">
        <Button asChild variant="outline">
          <Link to="/admin/enquiries">
            <ArrowLeft aria-hidden="true" />
            Enquiries
          </Link>
        </Button>
      </PageIntro>
      <div className="grid gap-4 lg:grid-cols-2">
        {loaderData.templates.map((t) => (
          <TemplateForm key={t.id} template={t} />
        ))}
        <TemplateForm />
      </div>
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: "Reply templates | Admin" }, { name: "robots", content: "noindex, nofollow" }];
