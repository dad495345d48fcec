import { ImageIcon, Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { cn } from "~/lib/utils";
import type { UploadBucket, UploadFolder } from "~/validation/constants";
import { FileUpload } from "./file-upload";
import { describedBy, FieldError, FieldShell } from "./form-fields";

// URL fields that can also be filled by uploading: one image (or video) with a preview, or a gallery.

interface MediaUrlFieldProps {
  label: string;
  name: string;
  bucket: UploadBucket;
  folder: UploadFolder;
  value: string;
  onChange: (value: string) => void;
  kind?: "image" | "video";
  error?: string;
  hint?: string;
  /** Called after an upload filled the field (the settings page saves it at once). */
  onUploaded?: (url: string) => void;
  /** The page shows the image elsewhere (the profile's avatar). */
  hidePreview?: boolean;
  /** The upload button's text (and name); "Upload {label}" by default. */
  uploadLabel?: string;
  /** A logo is previewed whole on the background it will sit on (the footer's is dark): an unreadable one shows here first. */
  previewOn?: "light" | "dark";
}

export function MediaUrlField({ label, name, bucket, folder, value, onChange, kind = "image", error, hint, onUploaded, hidePreview, uploadLabel, previewOn }: MediaUrlFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} hint={hint} error={error}>
      <div className="flex items-start gap-3">
        {hidePreview ? null : <MediaPreview url={value} kind={kind} label={label} on={previewOn} />}
        <div className="grid min-w-0 flex-1 gap-2">
          <Input
            id={id}
            name={name}
            value={value}
            inputMode="url"
            placeholder={kind === "video" ? "Video URL" : "Image URL"}
            onChange={(event) => onChange(event.currentTarget.value)}
            {...describedBy(id, hint, error)}
          />
          <FileUpload
            bucket={bucket}
            folder={folder}
            accept={kind === "video" ? "video/*" : "image/*"}
            label={uploadLabel ?? `Upload ${label.toLowerCase()}`}
            onUploaded={(files) => {
              const url = files[0]?.url;
              if (!url) return;
              onChange(url);
              onUploaded?.(url);
            }}
          />
        </div>
      </div>
    </FieldShell>
  );
}

/** A URL the browser can show here: a path on this site or an http(s) address. */
export const isPreviewable = (url: string) => /^(\/(?!\/)|https?:\/\/)/.test(url.trim());

function MediaPreview({ url, kind, label, on }: { url: string; kind: "image" | "video"; label: string; on?: "light" | "dark" }) {
  const [failed, setFailed] = useState<string | null>(null);
  const showable = url && failed !== url && isPreviewable(url);
  if (!showable) {
    return (
      <div className="flex size-16 shrink-0 sm:size-20 items-center justify-center rounded-md border bg-muted text-muted-foreground">
        <ImageIcon aria-hidden="true" className="size-6" />
      </div>
    );
  }
  if (kind === "video") {
    return <video src={url} className="size-16 shrink-0 sm:size-20 rounded-md border bg-black object-cover" muted playsInline preload="metadata" aria-label={`Preview of ${label}`} />;
  }
  return (
    <img
      src={url}
      alt={`Preview of ${label}`}
      data-preview-on={on}
      className={cn(
        "size-16 shrink-0 sm:size-20 rounded-md border",
        on === "dark" ? "bg-brand-navy object-contain p-2" : on === "light" ? "bg-white object-contain p-2" : "bg-muted object-cover",
      )}
      onError={() => setFailed(url)}
    />
  );
}

interface GalleryFieldProps {
  label: string;
  name: string;
  bucket: UploadBucket;
  defaultValue: string[];
  error?: string;
}

/** A list of image URLs sent as repeated `name` fields: upload up to 10 at a time, add a URL, remove one. */
export function GalleryField({ label, name, bucket, defaultValue, error }: GalleryFieldProps) {
  const id = useId();
  const [urls, setUrls] = useState<string[]>(defaultValue);
  const [draft, setDraft] = useState("");
  const add = (list: string[]) => setUrls((current) => [...current, ...list.filter((u) => u && !current.includes(u))]);
  const addDraft = () => {
    const value = draft.trim();
    if (!value) return;
    add([value]);
    setDraft("");
  };
  return (
    <div role="group" aria-labelledby={`${id}-label`} className="grid gap-2">
      <span id={`${id}-label`} className="text-sm leading-none font-medium">
        {label}
      </span>
      {urls.length ? (
        <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {urls.map((url, index) => (
            <li key={url} className="group relative">
              <img src={url} alt={`${label} image ${index + 1}`} className="aspect-square w-full rounded-md border bg-muted object-cover" />
              <Button
                type="button"
                variant="secondary"
                size="icon-sm"
                className="absolute top-1 right-1 size-7 rounded-full shadow"
                aria-label={`Remove ${label.toLowerCase()} image ${index + 1}`}
                onClick={() => setUrls((current) => current.filter((u) => u !== url))}
              >
                <X aria-hidden="true" />
              </Button>
              <input type="hidden" name={name} value={url} />
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No gallery images yet.</p>
      )}
      <FileUpload bucket={bucket} folder="gallery" multiple label={`Upload ${label.toLowerCase()} images`} onUploaded={(files) => add(files.map((f) => f.url))} />
      <div className="flex gap-2">
        <Label htmlFor={`${id}-url`} className="sr-only">
          {`${label} image URL`}
        </Label>
        <Input
          id={`${id}-url`}
          value={draft}
          inputMode="url"
          placeholder="Add an image by URL"
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              addDraft();
            }
          }}
        />
        <Button type="button" variant="outline" onClick={addDraft} aria-label={`Add ${label.toLowerCase()} image URL`}>
          <Plus aria-hidden="true" />
          Add
        </Button>
      </div>
      <FieldError message={error} />
    </div>
  );
}
