import { Wrench } from "lucide-react";
import { lazy, Suspense } from "react";
import type { Route } from "./+types/services";
import { requireAction, requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";
import { createService, deleteService, getService, listServices, type Service, setServiceActive, updateService } from "~/.server/models/services";
import { useMoveToTrash } from "~/components/admin/move-to-trash";
import { RecordListPage, useRecordDialog } from "~/components/admin/record-list";
import { ServiceCard } from "~/components/admin/service-card";
import { checkbox } from "~/validation/fields";
import { ServiceSchema } from "~/validation/service";
import { needsDhivehi } from "~/i18n/records";
import { needsDhivehiRequested, SERVICE_TRANSLATABLE } from "~/validation/translatable-fields";
import { CATEGORY_NAME_DV_WORDING, CATEGORY_WORDING, categoryOptions, loadFailed } from "./action-helpers";
import { recordAction, recordListIntent, type Wording } from "./record-action";

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

const STEPS = { entity: "service", schema: ServiceSchema, get: getService, create: createService, update: updateService, remove: deleteService } as const;

export async function action({ request }: Route.ActionArgs) {
  const user = await requireAction(request, permissions);
  const options = { entity: "service", noun: "service", wording: (intent: string) => WORDING[intent] ?? WORDING.create };
  return recordAction(request, user, options, async (act) => {
    const { intent } = act;
    switch (intent) {
      case "toggle-active": {
        const id = act.id();
        const isActive = checkbox.parse(act.form.get("is_active"));
        await act.run(() => setServiceActive(id, isActive, user.id));
        return act.done(
          { action: isActive ? "service.activate" : "service.deactivate", entityId: id, fields: ["is_active"] },
          { id, message: isActive ? "Service activated successfully" : "Service deactivated successfully" },
        );
      }
      default:
        return recordListIntent(act, user, STEPS);
    }
  });
}

export default function ServicesPage({ loaderData }: Route.ComponentProps) {
  const { loadError, categories, needed } = loaderData;
  const services = loaderData.services ?? [];
  // `?edit=<id>` opens that service's dialog: Media's "where it is used" links here
  // (docs/decisions/0094-media-replace-and-paging.md).
  const dialog = useRecordDialog<Service>((params) => services.find((s) => s.id === params.get("edit")), ["edit"]);
  const trash = useMoveToTrash<Service>("service");

  return (
    <>
      <RecordListPage
        noun="service"
        icon={Wrench}
        description="Services marked active appear on the public site, in sort order."
        emptyDescription="Add the services your company offers; active ones are shown on the website."
        loadError={loadError}
        needed={needed}
        records={services.filter((r) => r.id !== trash.removingId)}
        onNew={() => dialog.edit(null)}
        className="grid gap-4"
        card={(service, index) => <ServiceCard key={service.id} service={service} priority={index === 0} onEdit={() => dialog.edit(service)} onDelete={() => trash.ask(service)} />}
      />

      {dialog.loaded ? (
        <Suspense fallback={null}>
          <ServiceDialog open={dialog.open} onOpenChange={dialog.onOpenChange} service={dialog.record} categories={categories} />
        </Suspense>
      ) : null}
      {trash.dialog}
    </>
  );
}
