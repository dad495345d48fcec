import { useState } from "react";
import type { Project } from "~/lib/records";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { DEFAULTS } from "~/validation/constants";
import { ProjectSchema } from "~/validation/project";
import { type CategoryOption, CategoryField } from "./category-field";
import { ShowHideFields } from "./date-time-field";
import { FormSection, SelectField, SwitchField, TextAreaField, TextField } from "./form-fields";
import { PROJECT_PRIORITY_OPTIONS, PROJECT_STATUS_OPTIONS, PROJECT_TYPE_OPTIONS } from "./labels";
import { CENTRE, type FocalPoint, FocalPointField } from "./focal-point-field";
import { GalleryField, isPreviewable, MediaUrlField } from "./media-fields";
import { useGuardedDialog } from "./unsaved-changes";
import { useSchemaForm } from "./use-schema-form";

interface ProjectDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  project: Project | null;
  categories: CategoryOption[];
}

/** The Add Project dialog (docs/product.md#projects), also used for editing: every field of a project. */
export function ProjectDialog({ open, onOpenChange, project, categories }: ProjectDialogProps) {
  const guarded = useGuardedDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={guarded.onOpenChange}>
      <DialogContent {...guarded.contentProps} className="flex max-h-[calc(100dvh-2rem)] flex-col gap-0 p-0 sm:max-w-3xl">
        <DialogHeader className="border-b p-6 pr-12">
          <DialogTitle>{project ? "Edit Project" : "Add Project"}</DialogTitle>
          <DialogDescription>
            {project ? "Change the details of this project." : "Add a project to the portfolio."} Fields marked * are required.
          </DialogDescription>
        </DialogHeader>
        <ProjectForm key={project?.id ?? "new"} project={project} categories={categories} onDone={guarded.close} onCancel={guarded.requestClose} />
      </DialogContent>
      {guarded.dialog}
    </Dialog>
  );
}

const list = (values: string[] | undefined) => (values ?? []).join(", ");

function ProjectForm({ project, categories, onDone, onCancel }: { project: Project | null; categories: CategoryOption[]; onDone: () => void; onCancel: () => void }) {
  const { fetcher, errors, busy, formProps } = useSchemaForm(ProjectSchema, (result) => {
    if (result.ok) onDone();
  });
  const [imageUrl, setImageUrl] = useState(project?.featured_image_url ?? "");
  const [focal, setFocal] = useState<FocalPoint>(project ? { x: project.featured_image_focal_x, y: project.featured_image_focal_y } : CENTRE);
  // A new picture starts centred: a point chosen for the old one means nothing on it.
  const changeImage = (url: string) => {
    setImageUrl(url);
    setFocal(CENTRE);
  };

  return (
    <fetcher.Form {...formProps} className="flex min-h-0 flex-1 flex-col">
      <input type="hidden" name="intent" value={project ? "update" : "create"} />
      {project ? <input type="hidden" name="id" value={project.id} /> : null}
      <div className="grid gap-8 overflow-y-auto p-6">
        <FormSection title="Basics">
          <TextField label="Title" name="title" required defaultValue={project?.title} error={errors.title} autoComplete="off" />
          <TextAreaField label="Short Description" name="short_description" rows={2} defaultValue={project?.short_description ?? ""} error={errors.short_description} />
          <TextAreaField label="Description" name="description" rows={4} defaultValue={project?.description ?? ""} error={errors.description} />
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
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Location" name="project_location" placeholder="e.g. Hulhumalé" defaultValue={project?.project_location ?? ""} error={errors.project_location} />
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
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField label="Client Name" name="client_name" defaultValue={project?.client_name ?? ""} error={errors.client_name} />
            <TextField label="Client Email" name="client_email" type="email" defaultValue={project?.client_email ?? ""} error={errors.client_email} />
            <TextField label="Client Phone" name="client_phone" type="tel" defaultValue={project?.client_phone ?? ""} error={errors.client_phone} />
          </div>
          <TextAreaField label="Testimonial" name="testimonial" rows={3} defaultValue={project?.testimonial ?? ""} error={errors.testimonial} />
        </FormSection>

        <FormSection title="Images">
          <MediaUrlField label="Featured Image" name="featured_image_url" bucket="project-images" folder="featured" value={imageUrl} onChange={changeImage} error={errors.featured_image_url} />
          <FocalPointField
            url={isPreviewable(imageUrl) ? imageUrl.trim() : null}
            value={focal}
            onChange={setFocal}
            names={{ x: "featured_image_focal_x", y: "featured_image_focal_y" }}
            errors={{ x: errors.featured_image_focal_x, y: errors.featured_image_focal_y }}
          />
          <GalleryField label="Gallery" name="gallery_images" bucket="project-images" defaultValue={project?.gallery_images ?? []} error={errors.gallery_images} />
        </FormSection>

        <FormSection title="Story">
          <TextAreaField label="Challenges" name="challenges" rows={3} defaultValue={project?.challenges ?? ""} error={errors.challenges} />
          <TextAreaField label="Solutions" name="solutions" rows={3} defaultValue={project?.solutions ?? ""} error={errors.solutions} />
        </FormSection>

        <FormSection title="Lists">
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField label="Materials Used" name="materials_used" hint="Separate with commas" defaultValue={list(project?.materials_used)} error={errors.materials_used} />
            <TextField label="Technologies Used" name="technologies_used" hint="Separate with commas" defaultValue={list(project?.technologies_used)} error={errors.technologies_used} />
            <TextField label="Tags" name="tags" hint="Separate with commas" defaultValue={list(project?.tags)} error={errors.tags} />
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
      </div>
      <DialogFooter className="border-t p-4">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : project ? "Update Project" : "Create Project"}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}
