import { CircleCheck, Upload } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Progress } from "~/components/ui/progress";
import { cn } from "~/lib/utils";
import { MAX_FILES_MULTIPLE, type UploadFolder } from "~/validation/constants";
import { checkFiles, DropZone, sendFiles, uploadFailure } from "./file-upload";

// Admin: Media's uploads (docs/product.md#media-library): pick or drop several files; each goes in its own request
// to POST /api/uploads, so each has its own progress bar and its own error, and one refused file stops no other.

interface QueuedFile {
  id: number;
  name: string;
  progress: number;
  state: "uploading" | "done" | "failed";
  error?: string;
}

const ACCEPT = "image/*,video/*";
/** Where a library upload is filed: images with the gallery's limits, videos with the hero's (the folder that takes video). */
const folderFor = (file: File): UploadFolder => (file.type.startsWith("video/") ? "hero-backgrounds" : "gallery");

let nextId = 0;

export function MediaUploadQueue({ onDone }: { onDone: () => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const aborts = useRef(new Set<() => void>());
  const hintId = useId();
  const [queue, setQueue] = useState<QueuedFile[]>([]);
  const busy = queue.some((f) => f.state === "uploading");

  useEffect(() => {
    const pending = aborts.current;
    return () => pending.forEach((abort) => abort());
  }, []);

  const update = (id: number, change: Partial<QueuedFile>) => setQueue((list) => list.map((f) => (f.id === id ? { ...f, ...change } : f)));

  async function uploadOne(file: File, id: number) {
    const folder = folderFor(file);
    const accept = file.type.startsWith("video/") ? "video/*" : "image/*";
    const problem = checkFiles([file], { folder, accept, multiple: false });
    if (problem) {
      update(id, { state: "failed", error: problem.description ?? problem.title });
      return;
    }
    const upload = sendFiles([file], { bucket: "site-assets", folder }, (progress) => update(id, { progress }));
    aborts.current.add(upload.abort);
    try {
      await upload.promise;
      update(id, { state: "done", progress: 100 });
    } catch (cause) {
      const status = (cause as { status?: unknown }).status;
      const told = uploadFailure(typeof status === "number" ? status : null, accept);
      update(id, { state: "failed", error: told ?? (cause instanceof Error ? cause.message : "Failed to upload file") });
    } finally {
      aborts.current.delete(upload.abort);
    }
  }

  async function handleFiles(list: FileList | null) {
    const files = Array.from(list ?? []).slice(0, MAX_FILES_MULTIPLE);
    if (inputRef.current) inputRef.current.value = "";
    if (files.length === 0) return;
    const added = files.map((file) => ({ file, entry: { id: nextId++, name: file.name, progress: 0, state: "uploading" as const } }));
    setQueue((current) => [...current.filter((f) => f.state === "uploading"), ...added.map((a) => a.entry)]);
    await Promise.all(added.map(({ file, entry }) => uploadOne(file, entry.id)));
    onDone();
  }

  return (
    <section aria-label="Upload files" className="grid gap-3">
      <DropZone className="p-4" onFiles={(files) => void handleFiles(files)}>
        <Button type="button" aria-describedby={hintId} onClick={() => inputRef.current?.click()}>
          <Upload aria-hidden="true" />
          Upload files
        </Button>
        <p id={hintId} className="text-sm text-muted-foreground">
          Images and videos, up to {MAX_FILES_MULTIPLE} at a time. You can also drop files here.
        </p>
        <input
          ref={inputRef}
          type="file"
          className="hidden"
          accept={ACCEPT}
          multiple
          tabIndex={-1}
          aria-label="Upload files"
          onChange={(event) => void handleFiles(event.currentTarget.files)}
        />
      </DropZone>
      {queue.length > 0 ? (
        <ul aria-label="Uploads" className="grid gap-2" aria-live="polite" aria-busy={busy}>
          {queue.map((file) => (
            <li key={file.id} className="grid gap-1.5 rounded-lg border bg-card p-3">
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="min-w-0 truncate font-medium">{file.name}</span>
                <span className={cn("shrink-0 text-xs", file.state === "failed" ? "text-destructive" : "text-muted-foreground")}>
                  {file.state === "done" ? (
                    <span className="inline-flex items-center gap-1">
                      <CircleCheck aria-hidden="true" className="size-3.5 text-green-700" /> Uploaded
                    </span>
                  ) : file.state === "failed" ? (
                    "Failed"
                  ) : (
                    `${file.progress}%`
                  )}
                </span>
              </div>
              {file.state === "failed" ? null : <Progress value={file.progress} aria-label={`Upload progress of ${file.name}`} />}
              {file.error ? (
                <p role="alert" className="text-sm text-destructive">
                  {file.name}: {file.error}
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
