import { Power, PowerOff } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { dhivehiProgress } from "~/i18n/records";
import type { Service } from "~/lib/records";
import { SERVICE_TRANSLATABLE } from "~/validation/translatable-fields";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { type ActionResult, useActionToast } from "./action-result";
import { formatDate } from "~/lib/format";
import { labelFor, PRICING_MODEL_OPTIONS, SERVICE_TYPE_OPTIONS } from "./labels";
import { RecordCardActions, type RecordCardProps } from "./record-card-actions";
import { RecordCardImage } from "./record-card-image";
import { ScheduleBadge } from "./schedule-badge";
import { DhivehiProgress } from "./dhivehi-progress";

/**
 * As wide as the image is shown: the card's width less its padding on phones (the page's 16 px, the card's 16 px and
 * its border, each side), the fixed thumbnail beside the text from 640 px up.
 */
const IMAGE_SIZES = "(min-width: 640px) 176px, calc(100vw - 66px)";

interface ServiceCardProps extends RecordCardProps {
  service: Service;
}

/** One service in the admin list: every field docs/product.md#services names for the card, its actions, preview and history. */
export function ServiceCard({ service, onEdit, onDelete, priority = false }: ServiceCardProps) {
  const titleId = useId();
  const fetcher = useFetcher<ActionResult>();
  useActionToast(fetcher.data);
  // Optimistic: show the new state while the toggle is on its way.
  const pending = fetcher.formData?.get("is_active");
  const active = pending === undefined || pending === null ? service.is_active : pending === "true";

  return (
    // An inactive service looks it at a glance (docs/decisions/0019-admin-toasts-and-hero-media.md): a greyed, faded image on a muted, dashed card; the text keeps its contrast.
    <article
      aria-labelledby={titleId}
      data-state={active ? "active" : "inactive"}
      className="group/card flex flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs data-[state=inactive]:border-dashed data-[state=inactive]:bg-muted/60 data-[state=inactive]:shadow-none sm:flex-row"
    >
      <RecordCardImage record={service} sizes={IMAGE_SIZES} priority={priority} layout="row" />
      <div className="grid min-w-0 flex-1 content-start gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="text-base font-semibold" dir="auto">
            {service.title}
          </h3>
          {service.category ? <Badge variant="outline">{service.category}</Badge> : null}
          <Badge variant={active ? "default" : "secondary"} className={active ? "bg-emerald-700 text-white" : undefined}>
            {active ? "Active" : "Inactive"}
          </Badge>
          <ScheduleBadge on={active} showFrom={service.show_from} hideFrom={service.hide_from} />
          <DhivehiProgress {...dhivehiProgress(service, SERVICE_TRANSLATABLE)} />
        </div>
        {service.short_description ? (
          <p className="text-sm font-medium text-foreground/80" dir="auto">
            {service.short_description}
          </p>
        ) : null}
        {service.description ? (
          <p className="line-clamp-2 text-sm text-muted-foreground" dir="auto">
            {service.description}
          </p>
        ) : null}
        <p className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
          <span>Sort order: {service.sort_order}</span>
          {service.service_type ? <span>Type: {labelFor(SERVICE_TYPE_OPTIONS, service.service_type)}</span> : null}
          {service.pricing_model ? <span>Pricing: {labelFor(PRICING_MODEL_OPTIONS, service.pricing_model)}</span> : null}
          <span>Created {formatDate(service.created_at)}</span>
        </p>
      </div>
      <div className="grid shrink-0 grid-cols-2 items-start gap-2 sm:flex sm:flex-col sm:items-stretch">
        <fetcher.Form method="post">
          <input type="hidden" name="intent" value="toggle-active" />
          <input type="hidden" name="id" value={service.id} />
          <input type="hidden" name="is_active" value={active ? "false" : "true"} />
          <Button type="submit" variant="outline" size="sm" className="w-full justify-start" aria-label={active ? "Deactivate service" : "Activate service"}>
            {active ? <PowerOff aria-hidden="true" /> : <Power aria-hidden="true" />}
            {active ? "Deactivate" : "Activate"}
          </Button>
        </fetcher.Form>
        <RecordCardActions kind="service" id={service.id} onEdit={onEdit} onDelete={onDelete} className="justify-start" />
      </div>
    </article>
  );
}
