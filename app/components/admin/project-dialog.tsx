import { dhivehiProgress } from "~/i18n/records";
import type { Project } from "~/lib/records";
import { DEFAULTS } from "~/validation/constants";
import { ProjectSchema } from "~/validation/project";
import { PROJECT_TRANSLATABLE } from "~/validation/translatable-fields";
import { type CategoryOption, CategoryField } from "./category-field";
import { ShowHideFields } from "./date-time-field";
import { FormSection, SelectField, SwitchField, TextField } from "./form-fields";
import { PROJECT_PRIORITY_OPTIONS, PROJECT_STATUS_OPTIONS, PROJECT_TYPE_OPTIONS } from "./labels";
import { GalleryField } from "./media-fields";
import { FeaturedImageFields, RecordDialog, RecordForm } from "./record-dialog";
import { DhivehiProgress } from "./dhivehi-progress";
import { TranslatedField } from "./bilingual";

interface ProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: Project | null;
  categories: CategoryOption[];
}

/** The Add Project dialog (docs/product.md#projects), also used for editing: every field of a project. */
export function ProjectDialog({ open, onOpenChange, project, categories }: ProjectDialogProps) {
  return (
    <RecordDialog
      open={open}
      onOpenChange={onOpenChange}
      title={project ? "Edit Project" : "Add Project"}
      description={
        <>
          {project ? "Change the details of this project." : "Add a project to the portfolio."} Fields marked * are required.{" "}
          {project ? <DhivehiProgress {...dhivehiProgress(project, PROJECT_TRANSLATABLE)} /> : null}
        </>
      }
    >
      {(close) => <ProjectForm key={project?.id ?? "new"} project={project} categories={categories} {...close} />}
    </RecordDialog>
  );
}

const list = (values: string[] | undefined) => (values ?? []).join(", ");
/** A Dhivehi list as typed: Thaana text separates with the Arabic comma. */
const dvList = (values: string[] | undefined) => (values ?? []).join("، ");

function ProjectForm({ project, categories, onDone, onCancel }: { project: Project | null; categories: CategoryOption[]; onDone: () => void; onCancel: () => void }) {
  const dv = project?.dv;
  return (
    <RecordForm schema={ProjectSchema} id={project?.id} noun="Project" onDone={onDone} onCancel={onCancel}>
      {(errors) => (
        <>
          <FormSection title="Basics">
            <TranslatedField kind="text" label="Title" name="title" required errors={errors} defaultValue={project?.title ?? ""} dvDefaultValue={dv?.title ?? ""} autoComplete="off" />
            <TranslatedField kind="textarea" label="Short Description" name="short_description" rows={2} errors={errors} defaultValue={project?.short_description ?? ""} dvDefaultValue={dv?.short_description ?? ""} />
            <TranslatedField kind="formatted" label="Description" name="description" rows={4} errors={errors} defaultValue={project?.description ?? ""} dvDefaultValue={dv?.description ?? ""} />
          </FormSection>

          <FormSection title="Classification">
            <CategoryField name="category" type="project" categories={categories} defaultValue={project?.category ?? null} error={errors.category} />
            <div className="grid gap-4 sm:grid-cols-3">
              <SelectField label="Project Type" name="project_type" options={PROJECT_TYPE_OPTIONS} placeholder="Not set" defaultValue={project?.project_type ?? ""} error={errors.project_type} />
              <SelectField label="Status" name="status" options={PROJECT_STATUS_OPTIONS} defaultValue={project?.status ?? DEFAULTS.projectStatus} error={errors.status} />
              <SelectField label="Priority" name="priority" options={PROJECT_PRIORITY_OPTIONS} defaultValue={project?.priority ?? DEFAULTS.priority} error={errors.priority} />
            </div>
          </FormSection>

          <FormSection title="Schedule and Budget">
            <TranslatedField kind="text" label="Location" name="project_location" placeholder="e.g. Hulhumalé" errors={errors} defaultValue={project?.project_location ?? ""} dvDefaultValue={dv?.project_location ?? ""} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Budget (USD)" name="budget" inputMode="decimal" placeholder="e.g. 250000" defaultValue={project?.budget?.toString() ?? ""} error={errors.budget} />
              <TextField label="Start Date" name="start_date" type="date" defaultValue={project?.start_date ?? ""} error={errors.start_date} />
              <TextField label="End Date" name="end_date" type="date" defaultValue={project?.end_date ?? ""} error={errors.end_date} />
              <TextField label="Duration (months)" name="duration_months" type="number" inputMode="numeric" min={0} step={1} defaultValue={project?.duration_months?.toString() ?? ""} error={errors.duration_months} />
              <TextField
                label="Completion Percentage"
                name="completion_percentage"
                type="number"
                inputMode="numeric"
                min={0}
                max={100}
                step={1}
                defaultValue={String(project?.completion_percentage ?? DEFAULTS.completionPercentage)}
                error={errors.completion_percentage}
              />
            </div>
          </FormSection>

          <FormSection title="Client">
            <TranslatedField kind="text" label="Client Name" name="client_name" errors={errors} defaultValue={project?.client_name ?? ""} dvDefaultValue={dv?.client_name ?? ""} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Client Email" name="client_email" type="email" defaultValue={project?.client_email ?? ""} error={errors.client_email} />
              <TextField label="Client Phone" name="client_phone" type="tel" defaultValue={project?.client_phone ?? ""} error={errors.client_phone} />
            </div>
            <TranslatedField kind="textarea" label="Testimonial" name="testimonial" rows={3} errors={errors} defaultValue={project?.testimonial ?? ""} dvDefaultValue={dv?.testimonial ?? ""} />
          </FormSection>

          <FormSection title="Images">
            <FeaturedImageFields bucket="project-images" record={project} errors={errors} />
            <GalleryField label="Gallery" name="gallery_images" bucket="project-images" defaultValue={project?.gallery_images ?? []} error={errors.gallery_images} />
          </FormSection>

          <FormSection title="Story">
            <TranslatedField kind="formatted" label="Challenges" name="challenges" rows={3} errors={errors} defaultValue={project?.challenges ?? ""} dvDefaultValue={dv?.challenges ?? ""} />
            <TranslatedField kind="formatted" label="Solutions" name="solutions" rows={3} errors={errors} defaultValue={project?.solutions ?? ""} dvDefaultValue={dv?.solutions ?? ""} />
          </FormSection>

          <FormSection title="Lists">
            <TranslatedField kind="text" label="Materials Used" name="materials_used" hint="Separate with commas" errors={errors} defaultValue={list(project?.materials_used)} dvDefaultValue={dvList(dv?.materials_used)} />
            <TranslatedField kind="text" label="Technologies Used" name="technologies_used" hint="Separate with commas" errors={errors} defaultValue={list(project?.technologies_used)} dvDefaultValue={dvList(dv?.technologies_used)} />
            <TranslatedField kind="text" label="Tags" name="tags" hint="Separate with commas" errors={errors} defaultValue={list(project?.tags)} dvDefaultValue={dvList(dv?.tags)} />
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Team Members" name="team_members" hint="Separate with commas" defaultValue={list(project?.team_members)} error={errors.team_members} />
            </div>
          </FormSection>

          <FormSection title="Visibility">
            <div className="grid gap-4 sm:grid-cols-2">
              <SwitchField label="Public" name="is_public" description="Shown on the public site" defaultChecked={project?.is_public ?? DEFAULTS.projectIsPublic} />
              <SwitchField label="Featured" name="is_featured" description="Listed first on the home page" defaultChecked={project?.is_featured ?? DEFAULTS.projectIsFeatured} />
            </div>
            <ShowHideFields record={project} errors={errors} />
          </FormSection>
        </>
      )}
    </RecordForm>
  );
}
