import { ArrowDown, ArrowUp, Clock, Globe, Mail, MapPin, MessageCircle, Pencil, Phone, PhoneCall, Plus, Share2, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/contact-details";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
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
import { loadFailed } from "./action-helpers";
import { recordAction, type Wording } from "./record-action";
import { submitFetcher } from "~/components/admin/fetcher-submit";

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "content.edit", intents: { create: "content.edit", delete: "content.edit", move: "content.edit", update: "content.edit" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  const details = await listContactDetails().catch(loadFailed("contact details"));
  return { details, loadError: details === null ? "Failed to fetch contact details" : null };
}

// docs/product.md#contact-details: contact detail toasts carry the title 'Success' or 'Error' above the message.
const FAILED: Record<string, string> = {
  create: "Failed to create contact detail",
  update: "Failed to update contact detail",
  move: "Failed to update contact detail",
  delete: "Failed to delete contact detail",
};
const wording = (intent: string): Wording => ({ title: "Error", message: FAILED[intent] ?? FAILED.create });
const success = (message: string, id: string) => ({ id, title: "Success", message });
const summary = (detail: Pick<ContactDetail, "type" | "value">) => `${detail.type}: ${detail.value}`;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  return recordAction(request, user, { entity: "contact-detail", noun: "contact detail", wording }, async (act) => {
    switch (act.intent) {
      case "create": {
        const input = act.parse(ContactDetailSchema);
        const created = await act.run(() => createContactDetail(input));
        return act.done(
          { action: "contact-detail.create", entityId: created.id, fields: changedFields(null, input), detail: summary(created) },
          success("Contact detail created successfully", created.id),
        );
      }
      case "update": {
        const id = act.id();
        const input = act.parse(ContactDetailSchema);
        let before: ContactDetail | null = null;
        const updated = await act.run(async () => {
          before = await getContactDetail(id);
          return before ? updateContactDetail(id, input) : null;
        });
        // An empty display order keeps the stored one (the model's rule), so it is no change.
        const { display_order: order, ...rest } = input;
        return act.done(
          { action: "contact-detail.update", entityId: id, fields: changedFields(before, order === null ? rest : input), detail: summary(updated) },
          success("Contact detail updated successfully", id),
        );
      }
      case "delete": {
        const id = act.id();
        let gone: ContactDetail | null = null;
        await act.run(async () => {
          gone = await getContactDetail(id);
          return deleteContactDetail(id);
        });
        const was = gone as ContactDetail | null;
        return act.done({ action: "contact-detail.delete", entityId: id, detail: was ? summary(was) : null }, success("Contact detail deleted successfully", id));
      }
      case "move": {
        // Reordering (docs/decisions/0019-admin-toasts-and-hero-media.md): one place up or down; the list stays numbered 0..n-1.
        const direction = act.form.get("direction");
        if (direction !== "up" && direction !== "down") return act.refuse(null, 400, { direction: "Choose up or down" });
        const id = act.id();
        await act.run(() => moveContactDetail(id, direction));
        return act.done({ action: "contact-detail.move", entityId: id, fields: ["display_order"], detail: direction }, success("Contact detail updated successfully", id));
      }
      default:
        return act.unknown();
    }
  });
}

const TYPE_ICONS = { phone: Phone, email: Mail, address: MapPin, hours: Clock, website: Globe, social: Share2, whatsapp: MessageCircle, viber: PhoneCall } as const;

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
          if (deleting.detail) submitFetcher(deleteFetcher, { intent: "delete", id: deleting.detail.id }, { method: "post" });
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
  const rowName = `${detail.label || typeLabel} ${detail.value}`;
  return (
    <article aria-labelledby={titleId} className="flex flex-wrap items-start gap-3 rounded-xl border bg-card p-4 shadow-xs sm:flex-nowrap sm:items-center">
      <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <div className="grid min-w-0 flex-1 basis-[calc(100%-3.25rem)] gap-1 sm:basis-auto">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-sm font-semibold" dir="auto">
            {detail.label || typeLabel}
          </h3>
          <Badge variant="outline">{platform ? `${typeLabel}: ${platform}` : typeLabel}</Badge>
          {detail.is_primary ? <Badge>Primary</Badge> : null}
          <Badge variant={detail.is_public ? "secondary" : "outline"}>{detail.is_public ? "Public" : "Private"}</Badge>
        </div>
        <p className="text-sm text-foreground/80 wrap-anywhere" dir="auto">
          {detail.value}
        </p>
        {/* What the Dhivehi pages show (docs/decisions/0092-site-content-in-two-languages.md). */}
        {detail.label_dv || detail.value_dv ? (
          <p className="font-thaana text-sm text-foreground/80 wrap-anywhere" dir="rtl" lang="dv">
            {[detail.label_dv, detail.value_dv].filter(Boolean).join(" · ")}
          </p>
        ) : null}
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
            onClick={() => submitFetcher(moveFetcher, { intent: "move", id: detail.id, direction }, { method: "post" })}
          >
            {direction === "up" ? <ArrowUp aria-hidden="true" /> : <ArrowDown aria-hidden="true" />}
          </Button>
        ))}
        {/* Eight rows each have an Edit and a Delete: the name says which entry, after the visible word (voice control). */}
        <Button type="button" variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${rowName}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button type="button" variant="outline" size="sm" className="text-destructive hover:text-destructive" onClick={onDelete} aria-label={`Delete ${rowName}`}>
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </article>
  );
}
