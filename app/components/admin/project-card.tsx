import { MapPin } from "lucide-react";
import { useId } from "react";
import { useFetcher } from "react-router";
import { dhivehiProgress } from "~/i18n/records";
import type { Project } from "~/lib/records";
import { PROJECT_TRANSLATABLE } from "~/validation/translatable-fields";
import { Badge } from "~/components/ui/badge";
import { Label } from "~/components/ui/label";
import { Progress } from "~/components/ui/progress";
import { Switch } from "~/components/ui/switch";
import { type ActionResult, useActionToast } from "./action-result";
import { formatBudget } from "~/lib/format";
import { labelFor, PROJECT_STATUS_OPTIONS } from "./labels";
import { RecordCardActions, type RecordCardProps } from "./record-card-actions";
import { RecordCardImage } from "./record-card-image";
import { ScheduleBadge } from "./schedule-badge";
import { DhivehiProgress } from "./dhivehi-progress";
import { submitFetcher } from "./fetcher-submit";

/**
 * As wide as the card is shown (the admin shell's padding, the grid's gaps and columns, the 256 px sidebar from
 * 1024 px, the content's 1280 px limit; each card's 1 px border), measured at 360-1600 px.
 */
const IMAGE_SIZES =
  "(min-width: 1584px) 414px, (min-width: 1280px) calc((100vw - 342px) / 3), (min-width: 1024px) calc(50vw - 162px), (min-width: 640px) calc(50vw - 34px), calc(100vw - 34px)";

interface ProjectCardProps extends RecordCardProps {
  project: Project;
}

/** One project in the admin grid: image, title, short description, badges, progress, budget and actions. */
export function ProjectCard({ project, onEdit, onDelete, priority = false }: ProjectCardProps) {
  const titleId = useId();
  // A fetcher per switch: React Router cancels a fetcher's request when it submits again, so with one fetcher a
  // quick "Featured" right after "Public" would drop the first change's answer (and its toast).
  const publicFetcher = useFetcher<ActionResult>();
  const featuredFetcher = useFetcher<ActionResult>();
  useActionToast(publicFetcher.data);
  useActionToast(featuredFetcher.data);
  const pendingPublic = publicFetcher.formData?.get("is_public");
  const pendingFeatured = featuredFetcher.formData?.get("is_featured");
  const isPublic = typeof pendingPublic === "string" ? pendingPublic === "true" : project.is_public;
  const isFeatured = typeof pendingFeatured === "string" ? pendingFeatured === "true" : project.is_featured;
  const setFlag = (flag: "is_public" | "is_featured", value: boolean) =>
    submitFetcher(flag === "is_public" ? publicFetcher : featuredFetcher, { intent: "set-flags", id: project.id, [flag]: String(value) }, { method: "post" });

  return (
    // A private project looks it at a glance (docs/decisions/0019-admin-toasts-and-hero-media.md): a greyed, faded image on a muted, dashed card; the text keeps its contrast.
    <article
      aria-labelledby={titleId}
      data-state={isPublic ? "public" : "private"}
      className="group/card flex flex-col overflow-hidden rounded-xl border bg-card shadow-xs data-[state=private]:border-dashed data-[state=private]:bg-muted/60 data-[state=private]:shadow-none"
    >
      <RecordCardImage record={project} sizes={IMAGE_SIZES} priority={priority} layout="tile" />
      <div className="grid flex-1 content-start gap-3 p-4">
        <div className="flex flex-wrap gap-1.5">
          {project.category ? <Badge variant="outline">{project.category}</Badge> : null}
          <Badge variant={isPublic ? "default" : "secondary"}>{isPublic ? "Public" : "Private"}</Badge>
          <ScheduleBadge on={isPublic} showFrom={project.show_from} hideFrom={project.hide_from} />
          {isFeatured ? <Badge className="bg-brand-amber text-brand-amber-foreground">Featured</Badge> : null}
          <Badge variant={project.status === "completed" ? "default" : "secondary"}>{labelFor(PROJECT_STATUS_OPTIONS, project.status)}</Badge>
          <DhivehiProgress {...dhivehiProgress(project, PROJECT_TRANSLATABLE)} />
        </div>
        <div className="grid gap-1">
          <h3 id={titleId} className="text-base leading-snug font-semibold" dir="auto">
            {project.title}
          </h3>
          {project.short_description ? (
            <p className="line-clamp-2 text-sm text-muted-foreground" dir="auto">
              {project.short_description}
            </p>
          ) : null}
          {project.project_location ? (
            <p className="flex items-center gap-1 text-xs text-muted-foreground">
              <MapPin aria-hidden="true" className="size-3" />
              {project.project_location}
            </p>
          ) : null}
        </div>
        <div className="grid gap-1.5">
          <div className="flex justify-between text-xs">
            <span className="text-muted-foreground">Progress</span>
            <span className="font-medium">{project.completion_percentage}%</span>
          </div>
          <Progress value={project.completion_percentage} aria-label={`Progress ${project.completion_percentage}%`} />
        </div>
        <p className="flex justify-between text-sm">
          <span className="text-muted-foreground">Budget</span>
          <span className="font-medium">{formatBudget(project.budget)}</span>
        </p>
        <div className="grid grid-cols-2 gap-2 rounded-lg bg-muted/50 p-2">
          <FlagSwitch label="Public" checked={isPublic} onChange={(v) => setFlag("is_public", v)} />
          <FlagSwitch label="Featured" checked={isFeatured} onChange={(v) => setFlag("is_featured", v)} />
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2 border-t p-3">
        <RecordCardActions kind="project" id={project.id} onEdit={onEdit} onDelete={onDelete} className="flex-1" />
      </div>
    </article>
  );
}

function FlagSwitch({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onChange} />
      <Label htmlFor={id} className="text-xs">
        {label}
      </Label>
    </div>
  );
}
