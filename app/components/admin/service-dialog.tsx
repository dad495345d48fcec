import { dhivehiProgress } from "~/i18n/records";
import type { Service } from "~/lib/records";
import { ServiceSchema } from "~/validation/service";
import { SERVICE_TRANSLATABLE } from "~/validation/translatable-fields";
import { type CategoryOption, CategoryField } from "./category-field";
import { ShowHideFields } from "./date-time-field";
import { FormSection, SelectField, SwitchField, TextField } from "./form-fields";
import { PRICING_MODEL_OPTIONS, SERVICE_TYPE_OPTIONS } from "./labels";
import { GalleryField } from "./media-fields";
import { FeaturedImageFields, RecordDialog, RecordForm } from "./record-dialog";
import { DhivehiProgress } from "./dhivehi-progress";
import { TranslatedField } from "./bilingual";

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
      description={
        <>
          {service ? "Change the details of this service." : "Describe a service the company offers."} Fields marked * are required.{" "}
          {service ? <DhivehiProgress {...dhivehiProgress(service, SERVICE_TRANSLATABLE)} /> : null}
        </>
      }
    >
      {(close) => <ServiceForm key={service?.id ?? "new"} service={service} categories={categories} {...close} />}
    </RecordDialog>
  );
}

function ServiceForm({ service, categories, onDone, onCancel }: { service: Service | null; categories: CategoryOption[]; onDone: () => void; onCancel: () => void }) {
  const dv = service?.dv;
  return (
    <RecordForm schema={ServiceSchema} id={service?.id} noun="Service" onDone={onDone} onCancel={onCancel}>
      {(errors) => (
        <>
          <FormSection title="Basics">
            <TranslatedField kind="text" label="Title" name="title" required errors={errors} defaultValue={service?.title ?? ""} dvDefaultValue={dv?.title ?? ""} autoComplete="off" />
            <TranslatedField kind="textarea" label="Short Description" name="short_description" rows={2} errors={errors} defaultValue={service?.short_description ?? ""} dvDefaultValue={dv?.short_description ?? ""} />
            <TranslatedField kind="formatted" label="Description" name="description" rows={4} errors={errors} defaultValue={service?.description ?? ""} dvDefaultValue={dv?.description ?? ""} />
            <TranslatedField kind="formatted" label="Overview" name="overview" rows={3} errors={errors} defaultValue={service?.overview ?? ""} dvDefaultValue={dv?.overview ?? ""} />
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
            <TranslatedField kind="text" label="Features" name="features" hint="Separate with commas" errors={errors} defaultValue={service?.features.join(", ") ?? ""} dvDefaultValue={(dv?.features ?? []).join("، ")} />
            <TranslatedField kind="text" label="Benefits" name="benefits" hint="Separate with commas" errors={errors} defaultValue={service?.benefits.join(", ") ?? ""} dvDefaultValue={(dv?.benefits ?? []).join("، ")} />
            <TranslatedField kind="text" label="Duration Estimate" name="duration_estimate" placeholder="e.g. 6 - 14 months" errors={errors} defaultValue={service?.duration_estimate ?? ""} dvDefaultValue={dv?.duration_estimate ?? ""} />
            <TranslatedField kind="text" label="Availability" name="availability" errors={errors} defaultValue={service?.availability ?? ""} dvDefaultValue={dv?.availability ?? ""} />
            <TranslatedField kind="text" label="Target Audience" name="target_audience" errors={errors} defaultValue={service?.target_audience ?? ""} dvDefaultValue={dv?.target_audience ?? ""} />
            <TranslatedField kind="text" label="Warranty" name="warranty" errors={errors} defaultValue={service?.warranty ?? ""} dvDefaultValue={dv?.warranty ?? ""} />
            <TranslatedField kind="textarea" label="Prerequisites" name="prerequisites" rows={2} errors={errors} defaultValue={service?.prerequisites ?? ""} dvDefaultValue={dv?.prerequisites ?? ""} />
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
