import { Plus, Wrench } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/services";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { createService, deleteService, getService, listServices, type Service, setServiceActive, updateService } from "~/.server/models/services";
import { EmptyState } from "~/components/admin/empty-state";
import { LoadError } from "~/components/admin/load-error";
import { useMoveToTrash } from "~/components/admin/move-to-trash";
import { PageIntro } from "~/components/admin/page-header";
import { ServiceCard } from "~/components/admin/service-card";
import { Button } from "~/components/ui/button";
import { checkbox } from "~/validation/fields";
import { ServiceSchema } from "~/validation/service";
import { needsDhivehi } from "~/i18n/records";
import { DhivehiFilter } from "~/components/admin/dhivehi-progress";
import { needsDhivehiRequested, SERVICE_TRANSLATABLE } from "~/validation/translatable-fields";
import { CATEGORY_NAME_DV_WORDING, CATEGORY_WORDING, categoryOptions, createCategoryAction, loadFailed, nameCategoryAction } from "./action-helpers";
import { recordAction, saveRecord, type Wording } from "./record-action";

// The Add/Edit dialog (its form, schema check and upload fields) loads when it is first opened, not with the page:
// a phone paints the list sooner (docs/decisions/0033-admin-on-a-phone.md).
const ServiceDialog = lazy(() => import("~/components/admin/service-dialog").then((m) => ({ default: m.ServiceDialog })));

/** What each role may do here: the page, and each write (docs/product.md#access). */
export const permissions = { loader: "content.edit", intents: { create: "content.edit", "create-category": "content.edit", delete: "content.edit", "name-category": "content.edit", "toggle-active": "content.edit", update: "content.edit" } } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  // docs/product.md#services: a failed load is 'Failed to fetch services' on the page, not a broken page.
  const [all, categories] = await Promise.all([
    listServices().catch(loadFailed("services")),
    categoryOptions("service"),
  ]);
  // "Needs Dhivehi" (docs/decisions/0077-dhivehi-design.md): the services with an English text not yet in Dhivehi.
  const needed = needsDhivehiRequested(new URL(request.url).searchParams);
  const services = all && needed ? all.filter((s) => needsDhivehi(s, SERVICE_TRANSLATABLE)) : all;
  return { services, loadError: services === null ? "Failed to fetch services" : null, categories, needed };
}

const WORDING: Record<string, Wording> = {
  create: { message: "Failed to save service" },
  update: { message: "Failed to save service" },
  "toggle-active": { message: "Failed to update service status" },
  delete: { message: "Failed to delete service" },
  "create-category": CATEGORY_WORDING,
  "name-category": CATEGORY_NAME_DV_WORDING,
};

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  const options = { entity: "service", noun: "service", wording: (intent: string) => WORDING[intent] ?? WORDING.create };
  return recordAction(request, user, options, async (act) => {
    const { intent } = act;
    switch (intent) {
      case "create":
      case "update":
        return saveRecord(act, user, { entity: "service", schema: ServiceSchema, get: getService, create: createService, update: updateService });
      case "toggle-active": {
        const id = act.id();
        const isActive = checkbox.parse(act.form.get("is_active"));
        await act.run(() => setServiceActive(id, isActive, user.id));
        return act.done(
          { action: isActive ? "service.activate" : "service.deactivate", entityId: id, fields: ["is_active"] },
          { id, message: isActive ? "Service activated successfully" : "Service deactivated successfully" },
        );
      }
      case "delete": {
        const id = act.id();
        let title: string | null = null;
        await act.run(async () => {
          title = (await getService(id))?.title ?? null;
          return deleteService(id, user.id);
        });
        return act.done({ action: "service.delete", entityId: id, detail: title }, { id, message: "Service deleted successfully" });
      }
      case "create-category":
        return createCategoryAction(act, user);
      case "name-category":
        return nameCategoryAction(act);
      default:
        return act.unknown();
    }
  });
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { loadError, categories, needed } = loaderData;
  const services = loaderData.services ?? [];
  const [searchParams, setSearchParams] = useSearchParams();
  // `loaded`: opened once, so it stays mounted (and animates closed) from then on. `?edit=<id>` opens that service's
  // dialog: Media's "where it is used" links here (docs/decisions/0094-media-replace-and-paging.md).
  const [dialog, setDialog] = useState<{ open: boolean; loaded: boolean; service: Service | null }>(() => {
    const editing = services.find((s) => s.id === searchParams.get("edit")) ?? null;
    return { open: editing !== null, loaded: editing !== null, service: editing };
  });
  const trash = useMoveToTrash<Service>("service");
  const visible = services.filter((r) => r.id !== trash.removingId);
  const openNew = () => setDialog({ open: true, loaded: true, service: null });

  return (
    <>
      <title>Services | Admin</title>
      <PageIntro title="Manage Services" description="Services marked active appear on the public site, in sort order.">
        <Button onClick={openNew}>
          <Plus aria-hidden="true" />
          Add Service
        </Button>
      </PageIntro>

      {loadError ? null : <DhivehiFilter needed={needed} noun="services" />}
      {loadError ? (
        <LoadError message={loadError} />
      ) : visible.length === 0 && needed ? (
        <EmptyState icon={Wrench} title="Every service is in Dhivehi" description="Each service's texts with an English value have a Dhivehi one too." />
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
              onEdit={() => setDialog({ open: true, loaded: true, service })}
              onDelete={() => trash.ask(service)}
            />
          ))}
        </section>
      )}

      {dialog.loaded ? (
        <Suspense fallback={null}>
          <ServiceDialog
            open={dialog.open}
            onOpenChange={(open) => {
              setDialog((d) => ({ ...d, open }));
              if (!open && searchParams.has("edit")) {
                setSearchParams(
                  (params) => {
                    params.delete("edit");
                    return params;
                  },
                  { replace: true, preventScrollReset: true },
                );
              }
            }}
            service={dialog.service}
            categories={categories}
          />
        </Suspense>
      ) : null}
      {trash.dialog}
    </>
  );
}
