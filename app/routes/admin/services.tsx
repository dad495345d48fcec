import { Plus, Wrench } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import type { Route } from "./+types/services";
import { requireAdmin } from "~/.server/access";
import { recordAdminActivity } from "~/.server/activity";
import { changedFields } from "~/.server/models/activity";
import { createService, deleteService, getService, listServices, type Service, setServiceActive, updateService } from "~/.server/models/services";
import { type ActionResult, useActionToast } from "~/components/admin/action-result";
import { ConfirmDeleteDialog } from "~/components/admin/confirm-delete-dialog";
import { EmptyState } from "~/components/admin/empty-state";
import { LoadError } from "~/components/admin/load-error";
import { PageIntro } from "~/components/admin/page-header";
import { ServiceCard } from "~/components/admin/service-card";
import { ServiceDialog } from "~/components/admin/service-dialog";
import { Button } from "~/components/ui/button";
import { checkbox } from "~/validation/fields";
import { SERVICE_LIST_FIELDS, ServiceSchema } from "~/validation/service";
import { attempt, categoryOptions, createCategoryAction, fail, intentOf, loadFailed, ok, parseForm, readForm, readId } from "./action-helpers";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  // docs/product.md#services: a failed load is 'Failed to fetch services' on the page, not a broken page.
  const [services, categories] = await Promise.all([
    listServices().catch(loadFailed("services")),
    categoryOptions("service"),
  ]);
  return { services, loadError: services === null ? "Failed to fetch services" : null, categories };
}

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAdmin(request);
  const form = await readForm(request);
  if (!form) return fail({ intent: "", message: "Failed to save service", detail: "The request was not a form" });
  const intent = intentOf(form);
  const log = (entry: Parameters<typeof recordAdminActivity>[2]) => recordAdminActivity(request, user, { entity: "service", ...entry });

  switch (intent) {
    case "create":
    case "update": {
      const failure = { intent, message: "Failed to save service" };
      let id: string | null = null;
      if (intent === "update") {
        const target = readId(form);
        if (target.kind === "missing") return fail({ ...failure, detail: "No service was given" });
        if (target.kind === "unknown") return fail({ ...failure, detail: "Service not found" }, 404);
        id = target.id;
      }
      const parsed = parseForm(ServiceSchema, form, SERVICE_LIST_FIELDS);
      if (!parsed.success) return fail({ ...failure, fieldErrors: parsed.fieldErrors });
      const input = parsed.data;
      // The stored record before the change, so the log can name the fields that changed.
      let before: Service | null = null;
      const saved = await attempt({ intent, id }, async () => {
        if (!id) return createService(input, user.id);
        before = await getService(id);
        return before ? updateService(id, input, user.id) : null;
      });
      if (!saved.ok) return fail(failure, 500);
      if (!saved.value) return fail({ ...failure, detail: "Service not found" }, 404);
      await log({ action: `service.${intent}`, entityId: saved.value.id, fields: changedFields(before, input), detail: saved.value.title });
      return ok({ intent, id: saved.value.id, message: id ? "Service updated successfully" : "Service created successfully" });
    }
    case "toggle-active": {
      const failure = { intent, message: "Failed to update service status" };
      const target = readId(form);
      if (target.kind === "missing") return fail({ ...failure, detail: "No service was given" });
      if (target.kind === "unknown") return fail({ ...failure, detail: "Service not found" }, 404);
      const isActive = checkbox.parse(form.get("is_active"));
      const done = await attempt({ intent, id: target.id }, () => setServiceActive(target.id, isActive, user.id));
      if (!done.ok) return fail(failure, 500);
      if (!done.value) return fail({ ...failure, detail: "Service not found" }, 404);
      await log({ action: isActive ? "service.activate" : "service.deactivate", entityId: target.id, fields: ["is_active"] });
      return ok({ intent, id: target.id, message: isActive ? "Service activated successfully" : "Service deactivated successfully" });
    }
    case "delete": {
      const failure = { intent, message: "Failed to delete service" };
      const target = readId(form);
      if (target.kind === "missing") return fail({ ...failure, detail: "No service was given" });
      if (target.kind === "unknown") return fail({ ...failure, detail: "Service not found" }, 404);
      let title: string | null = null;
      const done = await attempt({ intent, id: target.id }, async () => {
        title = (await getService(target.id))?.title ?? null;
        return deleteService(target.id, user.id);
      });
      if (!done.ok) return fail(failure, 500);
      if (!done.value) return fail({ ...failure, detail: "Service not found" }, 404);
      await log({ action: "service.delete", entityId: target.id, detail: title });
      return ok({ intent, id: target.id, message: "Service deleted successfully" });
    }
    case "create-category":
      return createCategoryAction(form, user, request);
    default:
      return fail({ intent, message: "Unknown action" });
  }
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { loadError, categories } = loaderData;
  const services = loaderData.services ?? [];
  const [dialog, setDialog] = useState<{ open: boolean; service: Service | null }>({ open: false, service: null });
  const [deleting, setDeleting] = useState<{ open: boolean; service: Service | null }>({ open: false, service: null });
  const deleteFetcher = useFetcher<ActionResult>();
  useActionToast(deleteFetcher.data);
  const deletingId = deleteFetcher.state !== "idle" ? deleteFetcher.formData?.get("id") : null;
  const visible = services.filter((s) => s.id !== deletingId);
  const openNew = () => setDialog({ open: true, service: null });

  return (
    <>
      <title>Services | Admin</title>
      <PageIntro title="Manage Services" description="Services marked active appear on the public site, in sort order.">
        <Button onClick={openNew}>
          <Plus aria-hidden="true" />
          Add Service
        </Button>
      </PageIntro>

      {loadError ? (
        <LoadError message={loadError} />
      ) : visible.length === 0 ? (
        <EmptyState icon={Wrench} title="No services found" description="Add the services your company offers; active ones are shown on the website.">
          <Button onClick={openNew}>
            <Plus aria-hidden="true" />
            Create Your First Service
          </Button>
        </EmptyState>
      ) : (
        <section aria-label="Services" className="grid gap-4">
          {visible.map((service, index) => (
            <ServiceCard
              key={service.id}
              service={service}
              priority={index === 0}
              onEdit={() => setDialog({ open: true, service })}
              onDelete={() => setDeleting({ open: true, service })}
            />
          ))}
        </section>
      )}

      <ServiceDialog
        open={dialog.open}
        onOpenChange={(open) => setDialog((d) => ({ ...d, open }))}
        service={dialog.service}
        categories={categories}
      />
      <ConfirmDeleteDialog
        open={deleting.open}
        onOpenChange={(open) => setDeleting((d) => ({ ...d, open }))}
        question="Are you sure you want to delete this service?"
        outcome="will move to the Trash, where it is kept for 30 days and can be restored."
        itemName={deleting.service?.title}
        onConfirm={() => {
          if (deleting.service) void deleteFetcher.submit({ intent: "delete", id: deleting.service.id }, { method: "post" });
        }}
      />
    </>
  );
}
