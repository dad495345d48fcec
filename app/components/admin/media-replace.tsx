import { RefreshCw } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "~/components/ui/button";
import { Progress } from "~/components/ui/progress";
import { UPLOAD_BASE_PATTERN } from "~/lib/images";
import type { MediaItem } from "~/lib/media";
import { UPLOAD_BUCKETS, UPLOAD_FOLDERS, type UploadBucket, type UploadFolder } from "~/validation/constants";
import { checkFiles, sendFiles, uploadFailure } from "./file-upload";

// "Replace" on a Media card (docs/decisions/0094-media-replace-and-paging.md): the new file is uploaded first, to the
// old one's folder (so with its limits and checks), and then Media's `replace` puts it in the old one's place in
// every record. A refused upload stops before the second step: nothing has changed.

const STORED_KEY = new RegExp(`${UPLOAD_BASE_PATTERN}\\.[a-z0-9]+$`, "i");

/** The bucket and folder of a stored key (`site-assets/gallery/<name>`), or null for a name the server did not make. */
function placeOf(key: string): { bucket: UploadBucket; folder: UploadFolder } | null {
  const [bucket, folder] = key.split("/");
  const isBucket = (UPLOAD_BUCKETS as readonly string[]).includes(bucket);
  const isFolder = (UPLOAD_FOLDERS as readonly string[]).includes(folder);
  return isBucket && isFolder ? { bucket: bucket as UploadBucket, folder: folder as UploadFolder } : null;
}

/**
 * The card's Replace button: uploads the chosen file and hands its stored key to `onUploaded`, which submits the
 * replace (the grid's one fetcher, so its answer outlives this card, whose key changes with the file's).
 */
export function MediaReplaceButton({ file, replacing, onUploaded }: { file: Pick<MediaItem, "key" | "name" | "kind">; replacing: boolean; onUploaded: (newKey: string) => void }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const abort = useRef<(() => void) | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => () => abort.current?.(), []);
  const place = placeOf(file.key);
  const accept = file.kind === "video" ? "video/*" : "image/*";
  const busy = progress !== null || replacing;

  async function replaceWith(chosen: File | undefined) {
    if (inputRef.current) inputRef.current.value = "";
    if (!chosen || !place) return;
    setError(null);
    const problem = checkFiles([chosen], { folder: place.folder, accept, multiple: false });
    if (problem) {
      setError(problem.description ?? problem.title);
      return;
    }
    setProgress(0);
    const upload = sendFiles([chosen], place, setProgress);
    abort.current = upload.abort;
    try {
      const [stored] = await upload.promise;
      const newKey = STORED_KEY.exec(stored?.url ?? "")?.[0];
      if (!newKey) throw new Error("The server did not name the new file");
      onUploaded(newKey);
    } catch (cause) {
      const status = (cause as { status?: unknown }).status;
      setError(uploadFailure(typeof status === "number" ? status : null, accept) ?? (cause instanceof Error ? cause.message : "Failed to upload file"));
    } finally {
      abort.current = null;
      setProgress(null);
    }
  }

  if (!place) return null;
  // `contents`: the button sits in the card's row of actions; the progress and an error take a line of their own under it.
  return (
    <div className="contents">
      <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => inputRef.current?.click()} aria-label={`Replace ${file.name}`}>
        <RefreshCw aria-hidden="true" className={replacing ? "animate-spin" : undefined} />
        {replacing ? "Replacing..." : "Replace"}
      </Button>
      <input
        ref={inputRef}
        type="file"
        className="hidden"
        accept={accept}
        tabIndex={-1}
        aria-label={`New file for ${file.name}`}
        onChange={(event) => void replaceWith(event.currentTarget.files?.[0])}
      />
      {progress !== null ? <Progress value={progress} className="order-last basis-full" aria-label={`Upload progress of the new ${file.name}`} /> : null}
      {error ? (
        <p role="alert" className="order-last basis-full text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
