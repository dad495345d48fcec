import { Plus, Save, Trash2 } from "lucide-react";
import { useId, useRef } from "react";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { Input } from "~/components/ui/input";
import { Textarea } from "~/components/ui/textarea";
import type { ReplyTemplate } from "~/lib/lead-records";
import { ReplyTemplateSchema } from "~/validation/lead";
import { describedBy, FieldShell, TextAreaField, TextField } from "./form-fields";
import { useSchemaForm } from "./use-schema-form";

// One reply template on its page (docs/product.md#leads): name, subject and message in English, and an optional
// Dhivehi version that a lead written in Dhivehi gets (docs/decisions/0077-dhivehi-design.md, Enquiries). The form is
// checked by its schema before it goes (useSchemaForm); its Delete button is outside the form and only asks the page,
// which confirms and posts the id alone, as elsewhere in the admin: deleting never posts the form's edits.

/** The Dhivehi inputs: right to left, in the Thaana font. */
const THAANA = { dir: "rtl", lang: "dv" } as const;

/** A template's form; `onDelete` asks the page to delete it (the page confirms, posts and toasts). */
export function ReplyTemplateForm({ template, onDelete }: { template?: ReplyTemplate; onDelete?: () => void }) {
  const uid = useId();
  // The form element's own ref is the hook's (focus on the first invalid field); the intent field reaches the form too.
  const intentRef = useRef<HTMLInputElement>(null);
  const { fetcher, errors, busy, formProps } = useSchemaForm(ReplyTemplateSchema, (result) => {
    if (result.ok && !template) intentRef.current?.form?.reset();
  });
  const title = template ? template.name : "New template";
  return (
    <Card>
      <CardContent className="grid gap-4">
        <div className="flex items-center justify-between gap-3">
          <h2 className="min-w-0 font-semibold wrap-anywhere" dir="auto">
            {title}
          </h2>
          {template && onDelete ? (
            <Button
              type="button"
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              onClick={onDelete}
              aria-label={`Delete template ${template.name}`}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </Button>
          ) : null}
        </div>
        <fetcher.Form {...formProps} className="grid gap-3" aria-label={template ? `Template ${template.name}` : "New template"}>
          {template ? <input type="hidden" name="id" value={template.id} /> : null}
          <input ref={intentRef} type="hidden" name="intent" value={template ? "update-template" : "create-template"} />
          <TextField label="Name" name="name" defaultValue={template?.name} error={errors.name} />
          <TextField label="Subject" name="subject" defaultValue={template?.subject ?? "Re: {project_type}"} error={errors.subject} dir="auto" />
          <TextAreaField label="Message" name="body" rows={6} defaultValue={template?.body} error={errors.body} />
          <fieldset className="grid min-w-0 gap-3 rounded-lg border border-dashed p-3">
            <legend className="px-1 text-sm font-medium">
              Dhivehi version{" "}
              <span lang="dv" className="font-thaana">
                (ދިވެހި)
              </span>{" "}
              <span className="font-normal text-muted-foreground">optional</span>
            </legend>
            <p className="text-xs text-muted-foreground">
              Used instead of the English text when a lead wrote from the Dhivehi pages. Without a Dhivehi subject the English one is used.
            </p>
            <FieldShell id={`${uid}-subject-dv`} label="Subject in Dhivehi" error={errors.subject_dv}>
              <Input
                id={`${uid}-subject-dv`}
                name="subject_dv"
                defaultValue={template?.subject_dv ?? ""}
                className="font-thaana"
                {...THAANA}
                {...describedBy(`${uid}-subject-dv`, undefined, errors.subject_dv)}
              />
            </FieldShell>
            <FieldShell id={`${uid}-body-dv`} label="Message in Dhivehi" error={errors.body_dv}>
              <Textarea
                id={`${uid}-body-dv`}
                name="body_dv"
                rows={6}
                defaultValue={template?.body_dv ?? ""}
                className="font-thaana leading-relaxed"
                {...THAANA}
                {...describedBy(`${uid}-body-dv`, undefined, errors.body_dv)}
              />
            </FieldShell>
          </fieldset>
          <div>
            <Button type="submit" disabled={busy}>
              {template ? <Save aria-hidden="true" /> : <Plus aria-hidden="true" />}
              {template ? "Save template" : "Add template"}
            </Button>
          </div>
        </fetcher.Form>
      </CardContent>
    </Card>
  );
}
