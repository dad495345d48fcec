import type { Service } from "~/lib/records";
import { ServiceSchema } from "~/validation/service";
import { type CategoryOption, CategoryField } from "./category-field";
import { FormattedTextField } from "./formatted-text-field";
import { ShowHideFields } from "./date-time-field";
import { FormSection, SelectField, SwitchField, TextAreaField, TextField } from "./form-fields";
import { PRICING_MODEL_OPTIONS, SERVICE_TYPE_OPTIONS } from "./labels";
import { GalleryField } from "./media-fields";
import { FeaturedImageFields, RecordDialog, RecordForm } from "./record-dialog";

interface ServiceDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The service being edited; null adds a new one. */
  service: Service | null;
  categories: CategoryOption[];
}

/** The Add Service dialog (docs/product.md#services), also used for editing. */
export function ServiceDialog({ open, onOpenChange, service, categories }: ServiceDialogProps) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={service ? "Edit Service" : "Add Service"}
      description={<>{service ? "Change the details of this service." : "Describe a service the company offers."} Fields marked * are required.</>}
    >
      {(close) => <ServiceForm key={service?.id ?? "new"} service={service} categories={categories} {...close} />}
    </RecordDialog>
  );
}

function ServiceForm({ service, categories, onDone, onCancel }: { service: Service | null; categories: CategoryOption[]; onDone: () => void; onCancel: () => void }) {
  return (
    <RecordForm schema={ServiceSchema} id={service?.id} noun="Service" onDone={onDone} onCancel={onCancel}>
      {(errors) => (
        <>
          <FormSection title="Basics">
            <TextField label="Title" name="title" required defaultValue={service?.title} error={errors.title} autoComplete="off" />
            <TextAreaField label="Short Description" name="short_description" rows={2} defaultValue={service?.short_description ?? ""} error={errors.short_description} />
            <FormattedTextField label="Description" name="description" rows={4} defaultValue={service?.description ?? ""} error={errors.description} />
            <FormattedTextField label="Overview" name="overview" rows={3} defaultValue={service?.overview ?? ""} error={errors.overview} />
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
            <FeaturedImageFields bucket="service-images" record={service} errors={errors} />
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
        </>
      )}
    </RecordForm>
  );
}
