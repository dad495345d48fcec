import { Trash2, Video } from "lucide-react";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { formatDate, formatFileSize } from "~/lib/format";
import { isLocalImage, VARIANT_WIDTHS, variantUrl } from "~/lib/images";
import type { MediaItem } from "~/lib/media";
import { type ActionResult, useActionToast } from "./action-result";
import { ConfirmDeleteDialog } from "./confirm-delete-dialog";
import { submitFetcher } from "./fetcher-submit";
import { MediaReplaceButton } from "./media-replace";

// Admin: Media's grid (docs/product.md#media-library): one card per stored file with what it is, who uploaded it,
// its alt text (saved here, used by every field that has none of its own) and the places that use it.

/** A library file as the Media loader sends it. */
export type LibraryFile = MediaItem;

export function MediaThumb({ file, className }: { file: Pick<LibraryFile, "url" | "kind" | "alt" | "name">; className?: string }) {
  if (file.kind === "video") {
    return (
      <span className={`relative flex items-center justify-center overflow-hidden bg-black ${className ?? ""}`}>
        <video src={file.url} muted playsInline preload="metadata" aria-hidden="true" className="size-full object-cover" />
        <Video aria-hidden="true" className="absolute size-6 text-white drop-shadow" />
      </span>
    );
  }
  // The smallest resized copy the upload pipeline made, not the original (up to 2560 px): a page of 24 thumbnails
  // stays light. Decorative here: the file's name is written beside it.
  const src = isLocalImage(file.url) ? variantUrl(file.url, VARIANT_WIDTHS[0]) : file.url;
  return <img src={src} alt="" loading="lazy" decoding="async" className={`bg-muted object-cover ${className ?? ""}`} />;
}

export function MediaGrid({ items, altMax }: { items: LibraryFile[]; altMax: number }) {
  const deleter = useFetcher<ActionResult>();
  useActionToast(deleter.data);
  const replacer = useFetcher<ActionResult>();
  useActionToast(replacer.data);
  const replacing = replacer.state !== "idle" ? replacer.formData?.get("file_key") : null;
  const [confirming, setConfirming] = useState<LibraryFile | null>(null);
  const leaving = deleter.state !== "idle" ? deleter.formData?.get("file_key") : null;
  return (
    <>
      <ul aria-label="Files" className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
        {items
          .filter((file) => file.key !== leaving)
          .map((file) => (
            <MediaCard
              key={file.key}
              file={file}
              altMax={altMax}
              onDelete={() => setConfirming(file)}
              replacing={replacing === file.key}
              onReplace={(newKey) => submitFetcher(replacer, { intent: "replace", file_key: file.key, new_key: newKey }, { method: "post" })}
            />
          ))}
      </ul>
      <ConfirmDeleteDialog
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        question="Delete this file?"
        itemName={confirming?.name}
        outcome="and its resized copies will be removed for good. This cannot be undone."
        onConfirm={() => {
          if (confirming) submitFetcher(deleter, { intent: "delete", file_key: confirming.key }, { method: "post" });
        }}
      />
    </>
  );
}

interface CardProps {
  file: LibraryFile;
  altMax: number;
  onDelete: () => void;
  replacing: boolean;
  onReplace: (newKey: string) => void;
}

function MediaCard({ file, altMax, onDelete, replacing, onReplace }: CardProps) {
  const titleId = useId();
  const altId = useId();
  const saver = useFetcher<ActionResult>();
  useActionToast(saver.data);
  const dimensions = file.width && file.height ? `${file.width} × ${file.height}` : null;
  return (
    <li aria-labelledby={titleId} className="grid content-start gap-3 overflow-hidden rounded-xl border bg-card shadow-xs">
      <a href={file.url} target="_blank" rel="noreferrer" className="block" aria-label={`Open ${file.name}`}>
        <MediaThumb file={file} className="aspect-[4/3] w-full" />
      </a>
      <div className="grid gap-3 px-3 pb-3">
        <div className="grid gap-0.5">
          <h3 id={titleId} className="truncate text-sm font-semibold" title={file.name}>
            {file.name}
          </h3>
          <p className="text-xs text-muted-foreground">
            {[file.kind === "video" ? "Video" : "Image", formatFileSize(file.bytes), dimensions].filter(Boolean).join(" · ")}
          </p>
          <p className="text-xs text-muted-foreground">
            {formatDate(file.createdAt)}
            {file.uploadedBy ? ` by ${file.uploadedBy}` : ""}
          </p>
        </div>
        <saver.Form method="post" className="grid gap-1.5">
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="file_key" value={file.key} />
          <Label htmlFor={altId} className="text-xs">
            Alt text
          </Label>
          <div className="flex gap-2">
            <Input id={altId} name="alt" defaultValue={file.alt} maxLength={altMax} placeholder="Describe the picture" aria-label={`Alt text of ${file.name}`} />
            <Button type="submit" variant="outline" disabled={saver.state !== "idle"}>
              Save
            </Button>
          </div>
        </saver.Form>
        <div className="grid gap-1 text-xs">
          <span className="font-medium">Used in</span>
          {file.uses.length === 0 ? (
            <span className="text-muted-foreground">Not used anywhere</span>
          ) : (
            // Each link at least 24 px tall: stacked uses stay separate targets (WCAG 2.5.8, axe's target-size).
            <ul className="grid">
              {file.uses.map((use) => (
                <li key={use.label}>
                  {use.href ? (
                    <Link to={use.href} className="inline-flex min-h-6 items-center underline underline-offset-2 hover:text-primary">
                      {use.label}
                    </Link>
                  ) : (
                    use.label
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className="flex flex-wrap items-start gap-2">
          <MediaReplaceButton file={file} replacing={replacing} onUploaded={onReplace} />
          <Button type="button" variant="outline" size="sm" className="text-destructive" onClick={onDelete} aria-label={`Delete ${file.name}`}>
            <Trash2 aria-hidden="true" />
            Delete
          </Button>
        </div>
      </div>
    </li>
  );
}
