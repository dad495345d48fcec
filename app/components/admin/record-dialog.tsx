import { type ReactNode, useState } from "react";
import type { z } from "zod";
import { Button } from "~/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { cn } from "~/lib/utils";
import type { UploadBucket } from "~/validation/constants";
import { CENTRE, type FocalPoint, FocalPointField } from "./focal-point-field";
import { isPreviewable, MediaUrlField } from "./media-fields";
import { useGuardedDialog } from "./unsaved-changes";
import { useSchemaForm } from "./use-schema-form";

// The shell of every Add / Edit dialog of a record (services, projects, contact details): the dialog with its
// header, the unsaved-changes guard (unsaved-changes.tsx), a form checked by its schema (use-schema-form.ts) and
// the Cancel / Save footer, written once so that a record's own dialog only lists its fields.

interface RecordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  /** Tailwind max width of the dialog from the small breakpoint up. */
  width?: string;
  /** The form: `onDone` closes after a save, `onCancel` asks first when something was changed. */
  children: (close: { onDone: () => void; onCancel: () => void }) => ReactNode;
}

export function RecordDialog({ open, onOpenChange, title, description, width = "sm:max-w-3xl", children }: RecordDialogProps) {
  const guarded = useGuardedDialog(onOpenChange);
  return (
    <Dialog open={open} onOpenChange={guarded.onOpenChange}>
      <DialogContent {...guarded.contentProps} className={cn("flex max-h-[calc(100dvh-2rem)] flex-col gap-0 p-0", width)}>
        <DialogHeader className="border-b p-6 pr-12">
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children({ onDone: guarded.close, onCancel: guarded.requestClose })}
      </DialogContent>
      {guarded.dialog}
    </Dialog>
  );
}

interface RecordFormProps {
  schema: z.ZodType;
  /** The record's id when editing; none creates. */
  id: string | undefined;
  /** What the record is called on the save button: "Service" gives Create Service / Update Service. */
  noun: string;
  onDone: () => void;
  onCancel: () => void;
  /** The class of the scrolling body: sections (gap-8) or plain fields (gap-4). */
  bodyClassName?: string;
  children: (errors: Record<string, string>) => ReactNode;
}

/** A record's form: posts intent create or update (with the id), its fields in a scrolling body, then the footer. */
export function RecordForm({ schema, id, noun, onDone, onCancel, bodyClassName = "grid gap-8 overflow-y-auto p-6", children }: RecordFormProps) {
  const { fetcher, errors, busy, formProps } = useSchemaForm(schema, (result) => {
    if (result.ok) onDone();
  });
  return (
    <fetcher.Form {...formProps} className="flex min-h-0 flex-1 flex-col">
      <input type="hidden" name="intent" value={id ? "update" : "create"} />
      {id ? <input type="hidden" name="id" value={id} /> : null}
      <div className={bodyClassName}>{children(errors)}</div>
      <DialogFooter className="border-t p-4">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving..." : `${id ? "Update" : "Create"} ${noun}`}
        </Button>
      </DialogFooter>
    </fetcher.Form>
  );
}

interface FeaturedImageProps {
  bucket: UploadBucket;
  record: { featured_image_url: string | null; featured_image_focal_x: number; featured_image_focal_y: number } | null;
  errors: Record<string, string>;
}

/** The featured image and its focal point (docs/product.md#focal-point) of a service or project. */
export function FeaturedImageFields({ bucket, record, errors }: FeaturedImageProps) {
  const [imageUrl, setImageUrl] = useState(record?.featured_image_url ?? "");
  const [focal, setFocal] = useState<FocalPoint>(record ? { x: record.featured_image_focal_x, y: record.featured_image_focal_y } : CENTRE);
  // A new picture starts centred: a point chosen for the old one means nothing on it.
  const changeImage = (url: string) => {
    setImageUrl(url);
    setFocal(CENTRE);
  };
  return (
    <>
      <MediaUrlField label="Featured Image" name="featured_image_url" bucket={bucket} folder="featured" value={imageUrl} onChange={changeImage} error={errors.featured_image_url} />
      <FocalPointField
        url={isPreviewable(imageUrl) ? imageUrl.trim() : null}
        value={focal}
        onChange={setFocal}
        names={{ x: "featured_image_focal_x", y: "featured_image_focal_y" }}
        errors={{ x: errors.featured_image_focal_x, y: errors.featured_image_focal_y }}
      />
    </>
  );
}
