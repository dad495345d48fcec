import { ArrowDown, ArrowUp, Clock, Globe, Mail, MapPin, Pencil, Phone, Plus, Share2, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/contact-details";
import { requireAdmin } from "~/.server/access";
import { recordAdminActivity } from "~/.server/activity";
import { changedFields } from "~/.server/models/activity";
import {
  type ContactDetail,
  createContactDetail,
  deleteContactDetail,
  getContactDetail,
  listContactDetails,
  moveContactDetail,
  updateContactDetail,
} from "~/.server/models/contact-details";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { ContactDetailDialog } from "~/components/admin/contact-detail-dialog";
import { EmptyState } from "~/components/admin/empty-state";
import { LoadError } from "~/components/admin/load-error";
import { CONTACT_TYPE_OPTIONS, labelFor, SOCIAL_PLATFORM_OPTIONS } from "~/components/admin/labels";
import { PageIntro } from "~/components/admin/page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ContactDetailSchema } from "~/validation/contact-detail";
import { attempt, fail, intentOf, loadFailed, ok, parseForm, readForm, readId } from "./action-helpers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const details = await listContactDetails().catch(loadFailed("contact details"));
  return { details, loadError: details === null ? "Failed to fetch contact details" : null };
}

// docs/product.md#contact-details: contact detail toasts carry the title 'Success' or 'Error' above the message.
const success = (intent: string, message: string, id?: string) => ok({ intent, id, title: "Success", message });
const failure = (intent: string, message: string, extra: { fieldErrors?: Record<string, string>; detail?: string } = {}, status = 400) =>
  fail({ intent, title: "Error", message, ...extra }, status);

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  if (!form) return failure("", "Failed to create contact detail", { detail: "The request was not a form" });
  const intent = intentOf(form);
  const log = (entry: Parameters<typeof recordAdminActivity>[2]) => recordAdminActivity(request, user, { entity: "contact-detail", ...entry });

  switch (intent) {
    case "create": {
      const parsed = parseForm(ContactDetailSchema, form);
      if (!parsed.success) return failure(intent, "Failed to create contact detail", { fieldErrors: parsed.fieldErrors });
      const input = parsed.data;
      const created = await attempt({ intent }, () => createContactDetail(input));
      if (!created.ok) return failure(intent, "Failed to create contact detail", {}, 500);
      await log({ action: "contact-detail.create", entityId: created.value.id, fields: changedFields(null, input), detail: `${created.value.type}: ${created.value.value}` });
      return success(intent, "Contact detail created successfully", created.value.id);
    }
    case "update": {
      const target = readId(form);
      if (target.kind === "missing") return failure(intent, "Failed to update contact detail", { detail: "No contact detail was given" });
      if (target.kind === "unknown") return failure(intent, "Failed to update contact detail", { detail: "Contact detail not found" }, 404);
      const parsed = parseForm(ContactDetailSchema, form);
      if (!parsed.success) return failure(intent, "Failed to update contact detail", { fieldErrors: parsed.fieldErrors });
      const input = parsed.data;
      let before: ContactDetail | null = null;
      const updated = await attempt({ intent, id: target.id }, async () => {
        before = await getContactDetail(target.id);
        return before ? updateContactDetail(target.id, input) : null;
      });
      if (!updated.ok) return failure(intent, "Failed to update contact detail", {}, 500);
      if (!updated.value) return failure(intent, "Failed to update contact detail", { detail: "Contact detail not found" }, 404);
      // An empty display order keeps the stored one (the model's rule), so it is no change.
      const { display_order: order, ...rest } = input;
      await log({ action: "contact-detail.update", entityId: target.id, fields: changedFields(before, order === null ? rest : input), detail: `${updated.value.type}: ${updated.value.value}` });
      return success(intent, "Contact detail updated successfully", target.id);
    }
    case "delete": {
      const target = readId(form);
      if (target.kind === "missing") return failure(intent, "Failed to delete contact detail", { detail: "No contact detail was given" });
      if (target.kind === "unknown") return failure(intent, "Failed to delete contact detail", { detail: "Contact detail not found" }, 404);
      let gone: ContactDetail | null = null;
      const deleted = await attempt({ intent, id: target.id }, async () => {
        gone = await getContactDetail(target.id);
        return deleteContactDetail(target.id);
      });
      if (!deleted.ok) return failure(intent, "Failed to delete contact detail", {}, 500);
      if (!deleted.value) return failure(intent, "Failed to delete contact detail", { detail: "Contact detail not found" }, 404);
      const was = gone as ContactDetail | null;
      await log({ action: "contact-detail.delete", entityId: target.id, detail: was ? `${was.type}: ${was.value}` : null });
      return success(intent, "Contact detail deleted successfully", target.id);
    }
    case "move": {
      // Reordering (docs/decisions/0019-admin-toasts-and-hero-media.md): one place up or down; the list stays numbered 0..n-1.
      const target = readId(form);
      const direction = form.get("direction");
      if (target.kind === "missing") return failure(intent, "Failed to update contact detail", { detail: "No contact detail was given" });
      if (direction !== "up" && direction !== "down") return failure(intent, "Failed to update contact detail", { fieldErrors: { direction: "Choose up or down" } });
      if (target.kind === "unknown") return failure(intent, "Failed to update contact detail", { detail: "Contact detail not found" }, 404);
      const moved = await attempt({ intent, id: target.id }, () => moveContactDetail(target.id, direction));
      if (!moved.ok) return failure(intent, "Failed to update contact detail", {}, 500);
      if (!moved.value) return failure(intent, "Failed to update contact detail", { detail: "Contact detail not found" }, 404);
      await log({ action: "contact-detail.move", entityId: target.id, fields: ["display_order"], detail: direction });
      return success(intent, "Contact detail updated successfully", target.id);
    }
    default:
      return failure(intent, "Unknown action");
  }
}

const TYPE_ICONS = { phone: Phone, email: Mail, address: MapPin, hours: Clock, website: Globe, social: Share2 } as const;

export default function ContactDetailsPage({ loaderData }: Route.ComponentProps) {
  const { loadError } = loaderData;
  const details = loaderData.details ?? [];
  const [dialog, setDialog] = useState<{ open: boolean; detail: ContactDetail | null }>({ open: false, detail: null });
  const [deleting, setDeleting] = useState<{ open: boolean; detail: ContactDetail | null }>({ open: false, detail: null });
  const deleteFetcher = useFetcher<ActionResult>();
  useActionToast(deleteFetcher.data);
  const deletingId = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("id") : null;
  const visible = details.filter((d) => d.id !== deletingId);
  const openNew = () => setDialog({ open: true, detail: null });

  return (
    <>
      <title>Contact Details | Admin</title>
      <PageIntro title="Manage Contact Details" description="Public entries appear in the site's header, contact section and footer.">
        <Button onClick={openNew}>
          <Plus aria-hidden="true" />
          Add Contact Detail
        </Button>
      </PageIntro>

      {loadError ? (
        <LoadError title="Error" message={loadError} />
      ) : visible.length === 0 ? (
        <EmptyState icon={Phone} title="No Contact Details" description="Add a phone number, email or address so visitors can reach the company.">
          <Button onClick={openNew}>
            <Plus aria-hidden="true" />
            Add Contact Detail
          </Button>
        </EmptyState>
      ) : (
        <section aria-label="Contact details" className="grid gap-3">
          {visible.map((detail, index) => (
            <ContactDetailRow
              key={detail.id}
              detail={detail}
              first={index === 0}
              last={index === visible.length - 1}
              onEdit={() => setDialog({ open: true, detail })}
              onDelete={() => setDeleting({ open: true, detail })}
            />
          ))}
        </section>
      )}

      <ContactDetailDialog open={dialog.open} onOpenChange={(open) => setDialog((d) => ({ ...d, open }))} detail={dialog.detail} />
      <ConfirmDeleteDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((d) => ({ ...d, open }))}
        question="Are you sure you want to delete this contact detail?"
        itemName={deleting.detail ? deleting.detail.label || deleting.detail.value : undefined}
        onConfirm={() => {
          if (deleting.detail) void deleteFetcher.submit({ intent: "delete", id: deleting.detail.id }, { method: "post" });
        }}
      />
    </>
  );
}

function ContactDetailRow({
  detail,
  first,
  last,
  onEdit,
  onDelete,
}: {
  detail: ContactDetail;
  first: boolean;
  last: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const titleId = useId();
  const moveFetcher = useFetcher<ActionResult>();
  useActionToast(moveFetcher.data);
  const moving = moveFetcher.state !== "idle";
  const Icon = TYPE_ICONS[detail.type] ?? Globe;
  const typeLabel = labelFor(CONTACT_TYPE_OPTIONS, detail.type);
  const platform = detail.type === "social" ? labelFor(SOCIAL_PLATFORM_OPTIONS, detail.icon) : null;
  return (
    <article aria-labelledby={titleId} className="flex flex-wrap items-start gap-3 rounded-xl border bg-card p-4 shadow-xs sm:flex-nowrap sm:items-center">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 basis-[calc(100%-3.25rem)] gap-1 sm:basis-auto">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-sm font-semibold">
            {detail.label || typeLabel}
          </h3>
          <Badge variant="outline">{platform ? `${typeLabel}: ${platform}` : typeLabel}</Badge>
          {detail.is_primary ? <Badge>Primary</Badge> : null}
          <Badge variant={detail.is_public ? "secondary" : "outline"}>{detail.is_public ? "Public" : "Private"}</Badge>
        </div>
        <p className="text-sm text-foreground/80 wrap-anywhere">{detail.value}</p>
        <p className="text-xs text-muted-foreground">Display order: {detail.display_order}</p>
      </div>
      <div className="flex w-full shrink-0 flex-wrap gap-2 pl-[3.25rem] sm:w-auto sm:flex-nowrap sm:pl-0">
        {(["up", "down"] as const).map((direction) => (
          <Button
            key={direction}
            type="button"
            variant="outline"
            size="icon-sm"
            disabled={moving || (direction === "up" ? first : last)}
            aria-label={`Move ${detail.label || detail.value} ${direction}`}
            onClick={() => void moveFetcher.submit({ intent: "move", id: detail.id, direction }, { method: "post" })}
          >
            {direction === "up" ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
          </Button>
        ))}
        <Button type="button" variant="outline" size="sm" onClick={onEdit}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button type="button" variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={onDelete}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </article>
  );
}
