import { ImageIcon, LoaderCircle, Upload, Video } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Progress } from "~/components/ui/progress";
import { toast } from "~/components/ui/sonner";
import { fileTooLargeMessage, tooManyFilesMessage, type UploadedFile } from "~/lib/uploads";
import { cn } from "~/lib/utils";
import { isShrinkable, SHRINK_LONGEST_SIDE, shrinkImage } from "./shrink-image";
import { MediaChooser } from "./media-chooser";
import {
  MAX_FILES_MULTIPLE,
  MAX_FILES_SINGLE,
  type UploadBucket,
  type UploadFolder,
  uploadLimitBytes,
  uploadLimitFor,
} from "~/validation/constants";

// The file picker (docs/product.md#file-picker-and-uploads): checks count and size in the browser, previews the files,
// sends them to POST /api/uploads with a progress bar, and hands back the stored URLs.
// Contract of the upload endpoint: multipart fields `bucket`, `folder` and one or more `file`;
// 200 { files: [{ url, type, size, width?, height? }] }; errors { error } with a 4xx status.


export const UPLOAD_ENDPOINT = "/api/uploads";

export interface FileUploadProps {
  bucket: UploadBucket;
  folder: UploadFolder;
  /** MIME pattern: image/* by default, video/* for a video hero. */
  accept?: string;
  /** Up to MAX_FILES_MULTIPLE files at once instead of one. */
  multiple?: boolean;
  /** Text of the button; also its accessible name. */
  label?: string;
  onUploaded: (files: UploadedFile[]) => void;
  disabled?: boolean;
  className?: string;
}

interface Pending {
  name: string;
  type: string;
  preview: string;
}

/** Does the file's type match an accept pattern such as "image/*" or "image/png,image/webp"? */
export function matchesAccept(file: { type: string }, accept: string): boolean {
  return accept
    .split(",")
    .map((p) => p.trim().toLowerCase())
    .filter(Boolean)
    .some((pattern) => (pattern.endsWith("/*") ? file.type.toLowerCase().startsWith(pattern.slice(0, -1)) : file.type.toLowerCase() === pattern));
}

/** The browser-side checks; returns the toast to show, or null when the files may be sent. */
export function checkFiles(
  files: ReadonlyArray<{ size: number; type: string }>,
  { folder, accept, multiple }: { folder: UploadFolder; accept: string; multiple: boolean },
): { title: string; description?: string } | null {
  const max = multiple ? MAX_FILES_MULTIPLE : MAX_FILES_SINGLE;
  if (files.length > max) return { title: tooManyFilesMessage(max) };
  const limitMb = uploadLimitFor(folder);
  if (files.some((f) => f.size > uploadLimitBytes(limitMb))) {
    return { title: "File too large", description: fileTooLargeMessage(limitMb) };
  }
  if (files.some((f) => !matchesAccept(f, accept))) {
    return { title: "Upload failed", description: accept.startsWith("video/") ? "Choose a video file" : "Choose an image file" };
  }
  return null;
}

/** The server's refusal of an upload: its status says what kind (415: the content is not of an accepted type). */
class UploadRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * What the admin is told of a failed upload. A file whose content is not what its name says (a text file named
 * .png) is told so in words; other refusals keep the spec's 'Failed to upload file' (docs/product.md "File picker and uploads").
 */
export function uploadFailure(status: number | null, accept: string): string | null {
  if (status !== 415) return null;
  return accept.startsWith("video/") ? "This file is not a video" : "This file is not an image";
}

export function sendFiles(
  files: File[],
  { bucket, folder }: { bucket: UploadBucket; folder: UploadFolder },
  onProgress: (percent: number) => void,
): { promise: Promise<UploadedFile[]>; abort: () => void } {
  const xhr = new XMLHttpRequest();
  const promise = new Promise<UploadedFile[]>((resolve, reject) => {
    const body = new FormData();
    body.append("bucket", bucket);
    body.append("folder", folder);
    for (const file of files) body.append("file", file);
    xhr.open("POST", UPLOAD_ENDPOINT);
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let json: unknown = null;
      try {
        json = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON (a proxy's error page, say): reported below by status.
      }
      const list = (json as { files?: unknown } | null)?.files;
      if (xhr.status >= 200 && xhr.status < 300 && Array.isArray(list) && list.every((f) => typeof f?.url === "string")) {
        resolve(list as UploadedFile[]);
        return;
      }
      const error = (json as { error?: unknown } | null)?.error;
      reject(new UploadRefused(xhr.status, typeof error === "string" && error ? error : `The server answered ${xhr.status}`));
    };
    xhr.onerror = () => reject(new Error("The connection failed"));
    xhr.onabort = () => reject(new DOMException("Upload cancelled", "AbortError"));
    xhr.send(body);
  });
  return { promise, abort: () => xhr.abort() };
}

export function FileUpload({ bucket, folder, accept = "image/*", multiple = false, label, onUploaded, disabled, className }: FileUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abortRef = useRef<(() => void) | null>(null);
  const hintId = useId();
  const [pending, setPending] = useState<Pending[]>([]);
  const [progress, setProgress] = useState(0);
  const [error, setError] = useState<string | null>(null);
  /** Photos over the limit that "Shrink and upload" may send (docs/decisions/0085-shrink-and-upload-in-the-browser.md). */
  const [oversized, setOversized] = useState<File[] | null>(null);
  const [shrinking, setShrinking] = useState(false);
  const busy = pending.length > 0;
  const isVideo = accept.startsWith("video/");
  const max = multiple ? MAX_FILES_MULTIPLE : MAX_FILES_SINGLE;
  const limitMb = uploadLimitFor(folder);
  const buttonLabel = label ?? (isVideo ? "Upload video" : multiple ? "Upload images" : "Upload image");

  useEffect(() => () => abortRef.current?.(), []);
  useEffect(() => () => pending.forEach((p) => URL.revokeObjectURL(p.preview)), [pending]);

  async function handleFiles(list: FileList | null) {
    const files = Array.from(list ?? []);
    if (inputRef.current) inputRef.current.value = "";
    if (files.length === 0 || busy) return;
    setError(null);
    setOversized(null);
    const problem = checkFiles(files, { folder, accept, multiple });
    if (problem) {
      toast.error(problem.title, problem.description ? { description: problem.description } : undefined);
      // Only size stands in the way of pictures the browser can scale: offer to. A video is still refused.
      const tooBig = files.filter((f) => f.size > uploadLimitBytes(limitMb));
      if (problem.title === "File too large" && !isVideo && files.every((f) => matchesAccept(f, accept)) && tooBig.every(isShrinkable)) setOversized(files);
      return;
    }
    await send(files);
  }

  async function shrinkAndUpload(files: File[]) {
    setOversized(null);
    setShrinking(true);
    setPending(files.map((f) => ({ name: f.name, type: f.type, preview: URL.createObjectURL(f) })));
    const ready: File[] = [];
    try {
      // One at a time: each decoded photo holds its full pixels in memory (a phone's 48 MP photo is ~190 MB).
      for (const f of files) ready.push(f.size > uploadLimitBytes(limitMb) ? await shrinkImage(f, uploadLimitBytes(limitMb)) : f);
    } catch (cause) {
      console.warn("shrinking failed", cause instanceof Error ? cause.message : String(cause));
      setPending([]);
      setError("This image could not be shrunk in the browser. Make it smaller on the device, then upload it.");
      toast.error("Upload failed", { description: "This image could not be shrunk" });
      return;
    } finally {
      setShrinking(false);
    }
    await send(ready);
  }

  async function send(files: File[]) {
    setPending(files.map((f) => ({ name: f.name, type: f.type, preview: URL.createObjectURL(f) })));
    setProgress(0);
    const upload = sendFiles(files, { bucket, folder }, setProgress);
    abortRef.current = upload.abort;
    try {
      const uploaded = await upload.promise;
      toast.success("File uploaded successfully");
      onUploaded(uploaded);
    } catch (cause) {
      if (cause instanceof DOMException && cause.name === "AbortError") return;
      const reason = cause instanceof Error ? cause.message : String(cause);
      console.warn("upload failed", reason);
      const told = uploadFailure(cause instanceof UploadRefused ? cause.status : null, accept);
      setError(told ?? `Failed to upload file: ${reason}`);
      toast.error("Upload failed", { description: told ?? "Failed to upload file" });
    } finally {
      abortRef.current = null;
      setPending([]);
    }
  }

  return (
    <div className={cn("grid gap-2", className)}>
      <DropZone
        className="p-3"
        disabled={disabled || busy}
        onFiles={(files) => {
          if (!disabled) void handleFiles(files);
        }}
      >
        <Button
          type="button"
          variant="outline"
          size="sm"
          // Its words may wrap in a narrow column (a phone's dialog) rather than push past the drop zone.
          className="h-auto min-h-8 max-w-full py-1.5 whitespace-normal"
          disabled={disabled || busy}
          aria-describedby={hintId}
          onClick={() => inputRef.current?.click()}
        >
          {busy ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
          {busy ? "Uploading..." : buttonLabel}
        </Button>
        {/* A file already uploaded, by reference (docs/decisions/0088-media-library.md). */}
        <MediaChooser kind={isVideo ? "video" : "image"} disabled={disabled || busy} onChosen={(file) => onUploaded([file])} />
        <p id={hintId} className="text-xs text-muted-foreground">
          {isVideo ? "Video" : "Image"} up to {limitMb}MB{multiple ? `, at most ${max} files at a time` : ""}. You can also drop {multiple ? "files" : "a file"} here.
        </p>
        <input
          ref={inputRef}
          type="file"
          className="hidden"
          accept={accept}
          multiple={multiple}
          tabIndex={-1}
          aria-label={buttonLabel}
          onChange={(event) => void handleFiles(event.currentTarget.files)}
        />
      </DropZone>
      {oversized ? (
        <div className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm sm:flex-row sm:items-center">
          <p className="flex-1">
            {oversized.length > 1 ? "Some pictures are" : "This picture is"} over {limitMb}MB. The browser can make {oversized.length > 1 ? "them" : "it"} at most{" "}
            {SHRINK_LONGEST_SIDE} pixels on the longest side and upload {oversized.length > 1 ? "them" : "it"}.
          </p>
          <div className="flex gap-2">
            <Button type="button" size="sm" disabled={disabled} onClick={() => void shrinkAndUpload(oversized)}>
              Shrink and upload
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setOversized(null)}>
              Cancel
            </Button>
          </div>
        </div>
      ) : null}
      {busy ? (
        <div className="grid gap-2 rounded-lg border p-3" role="status" aria-live="polite">
          <div className="flex flex-wrap gap-2">
            {pending.map((p) =>
              p.type.startsWith("image/") ? (
                <img key={p.preview} src={p.preview} alt={`Preview of ${p.name}`} className="size-14 rounded-md border object-cover" />
              ) : (
                <span key={p.preview} className="flex size-14 items-center justify-center rounded-md border bg-muted" title={p.name}>
                  {p.type.startsWith("video/") ? <Video aria-hidden="true" className="size-5" /> : <ImageIcon aria-hidden="true" className="size-5" />}
                  <span className="sr-only">{p.name}</span>
                </span>
              ),
            )}
          </div>
          <Progress value={progress} aria-label="Upload progress" />
          <p className="text-xs text-muted-foreground">{shrinking ? "Shrinking..." : `Uploading... ${progress}%`}</p>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A dashed area that takes files dropped on it (the picker's button sits inside); `disabled` refuses a drop. */
export function DropZone({ className, disabled = false, onFiles, children }: { className: string; disabled?: boolean; onFiles: (files: FileList) => void; children: React.ReactNode }) {
  const [dragging, setDragging] = useState(false);
  return (
    <div
      data-dragging={dragging || undefined}
      className={cn(
        "flex flex-col gap-3 rounded-lg border border-dashed bg-muted/40 transition-colors sm:flex-row sm:items-center",
        "data-[dragging]:border-primary data-[dragging]:bg-accent",
        className,
      )}
      onDragOver={(event) => {
        if (disabled) return;
        event.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(event) => {
        event.preventDefault();
        setDragging(false);
        onFiles(event.dataTransfer.files);
      }}
    >
      {children}
    </div>
  );
}
