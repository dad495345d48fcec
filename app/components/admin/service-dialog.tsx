import { useState } from "react";
import type { Service } from "~/lib/records";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { ServiceSchema } from "~/validation/service";
import { type CategoryOption, CategoryField } from "./category-field";
import { ShowHideFields } from "./date-time-field";
import { FormSection, SelectField, SwitchField, TextAreaField, TextField } from "./form-fields";
import { PRICING_MODEL_OPTIONS, SERVICE_TYPE_OPTIONS } from "./labels";
import { CENTRE, type FocalPoint, FocalPointField } from "./focal-point-field";
import { GalleryField, isPreviewable, MediaUrlField } from "./media-fields";
import { useGuardedDialog } from "./unsaved-changes";
import { useSchemaForm } from "./use-schema-form";

interface ServiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The service being edited; null adds a new one. */
  service: Service | null;
  categories: CategoryOption[];
}

/** The Add Service dialog (docs/product.md#services), also used for editing. */
export function ServiceDialog({ open, onOpenChange, service, categories }: ServiceDialogProps) {
  const guarded = useGuardedDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={guarded.onOpenChange}>
      <DialogContent {...guarded.contentProps} className="flex max-h-[calc(100dvh-2rem)] flex-col gap-0 p-0 sm:max-w-3xl">
        <DialogHeader className="border-b p-6 pr-12">
          <DialogTitle>{service ? "Edit Service" : "Add Service"}</DialogTitle>
          <DialogDescription>
            {service ? "Change the details of this service." : "Describe a service the company offers."} Fields marked * are required.
          </DialogDescription>
        </DialogHeader>
        <ServiceForm key={service?.id ?? "new"} service={service} categories={categories} onDone={guarded.close} onCancel={guarded.requestClose} />
      </DialogContent>
      {guarded.dialog}
    </Dialog>
  );
}

function ServiceForm({ service, categories, onDone, onCancel }: { service: Service | null; categories: CategoryOption[]; onDone: () => void; onCancel: () => void }) {
  const { fetcher, errors, busy, formProps } = useSchemaForm(ServiceSchema, (result) => {
    if (result.ok) onDone();
  });
  const [imageUrl, setImageUrl] = useState(service?.featured_image_url ?? "");
  const [focal, setFocal] = useState<FocalPoint>(service ? { x: service.featured_image_focal_x, y: service.featured_image_focal_y } : CENTRE);
  // A new picture starts centred: a point chosen for the old one means nothing on it.
  const changeImage = (url: string) => {
    setImageUrl(url);
    setFocal(CENTRE);
  };

  return (
    <fetcher.Form {...formProps} className="flex min-h-0 flex-1 flex-col">
      <input type="hidden" name="intent" value={service ? "update" : "create"} />
      {service ? <input type="hidden" name="id" value={service.id} /> : null}
      <div className="grid gap-8 overflow-y-auto p-6">
        <FormSection title="Basics">
          <TextField label="Title" name="title" required defaultValue={service?.title} error={errors.title} autoComplete="off" />
          <TextAreaField label="Short Description" name="short_description" rows={2} defaultValue={service?.short_description ?? ""} error={errors.short_description} />
          <TextAreaField label="Description" name="description" rows={4} defaultValue={service?.description ?? ""} error={errors.description} />
          <TextAreaField label="Overview" name="overview" rows={3} defaultValue={service?.overview ?? ""} error={errors.overview} />
        </FormSection>

        <FormSection title="Classification">
          <CategoryField name="category" type="service" categories={categories} defaultValue={service?.category ?? null} error={errors.category} />
          <div className="grid gap-4 sm:grid-cols-3">
            <SelectField label="Service Type" name="service_type" options={SERVICE_TYPE_OPTIONS} placeholder="Not set" defaultValue={service?.service_type ?? ""} error={errors.service_type} />
            <SelectField label="Pricing Model" name="pricing_model" options={PRICING_MODEL_OPTIONS} placeholder="Not set" defaultValue={service?.pricing_model ?? ""} error={errors.pricing_model} />
            <TextField label="Icon" name="icon" hint="An icon name, e.g. building, hammer, wrench" defaultValue={service?.icon ?? ""} error={errors.icon} />
          </div>
        </FormSection>

        <FormSection title="Images">
          <MediaUrlField label="Featured Image" name="featured_image_url" bucket="service-images" folder="featured" value={imageUrl} onChange={changeImage} error={errors.featured_image_url} />
          <FocalPointField
            url={isPreviewable(imageUrl) ? imageUrl.trim() : null}
            value={focal}
            onChange={setFocal}
            names={{ x: "featured_image_focal_x", y: "featured_image_focal_y" }}
            errors={{ x: errors.featured_image_focal_x, y: errors.featured_image_focal_y }}
          />
          <GalleryField label="Gallery" name="gallery" bucket="service-images" defaultValue={service?.gallery ?? []} error={errors.gallery} />
        </FormSection>

        <FormSection title="Details">
          <TextField label="Features" name="features" hint="Separate with commas" defaultValue={service?.features.join(", ")} error={errors.features} />
          <TextField label="Benefits" name="benefits" hint="Separate with commas" defaultValue={service?.benefits.join(", ")} error={errors.benefits} />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Duration Estimate" name="duration_estimate" placeholder="e.g. 6 - 14 months" defaultValue={service?.duration_estimate ?? ""} error={errors.duration_estimate} />
            <TextField label="Availability" name="availability" defaultValue={service?.availability ?? ""} error={errors.availability} />
            <TextField label="Target Audience" name="target_audience" defaultValue={service?.target_audience ?? ""} error={errors.target_audience} />
            <TextField label="Warranty" name="warranty" defaultValue={service?.warranty ?? ""} error={errors.warranty} />
          </div>
          <TextAreaField label="Prerequisites" name="prerequisites" rows={2} defaultValue={service?.prerequisites ?? ""} error={errors.prerequisites} />
        </FormSection>

        <FormSection title="Publishing">
          <div className="grid gap-4 sm:grid-cols-2 sm:items-start">
            <TextField label="Sort Order" name="sort_order" type="number" inputMode="numeric" step={1} defaultValue={String(service?.sort_order ?? 0)} hint="Lower numbers come first" error={errors.sort_order} />
            <SwitchField label="Active" name="is_active" description="Shown on the public site" defaultChecked={service?.is_active ?? true} />
          </div>
          <ShowHideFields record={service} errors={errors} />
        </FormSection>
      </div>
      <DialogFooter className="border-t p-4">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : service ? "Update Service" : "Create Service"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
