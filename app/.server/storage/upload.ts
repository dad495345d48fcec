import crypto from "node:crypto";
import {
  MAX_FILES_MULTIPLE,
  MAX_FILES_SINGLE,
  UPLOAD_BUCKETS,
  UPLOAD_FOLDERS,
  type UploadBucket,
  type UploadFolder,
  uploadLimitBytes,
  uploadLimitFor,
} from "~/validation/constants";
import { fileTooLargeMessage, tooManyFilesMessage, type UploadedFile } from "~/lib/uploads";
import { readMultipart } from "../http/multipart";
import { logger } from "../logger";
import { ImageRejectedError, processImage } from "./images";
import { type SniffedType, sniff } from "./sniff";
import type { Storage } from "./types";

// The upload pipeline behind POST /api/uploads: a streaming multipart parse that enforces the folder's
// limits while the bytes arrive, type by content, image re-encoding, server-made names, then storage.
// Nothing is stored unless every file of the request passed.

/** An expected refusal: the status and message the caller sees; detail goes to the log only. */
export class UploadError extends Error {
  constructor(
    readonly status: 400 | 403 | 413 | 415,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export const UNSUPPORTED_TYPE = "Unsupported file type";

export const maxFilesFor = (folder: UploadFolder) => (folder === "gallery" ? MAX_FILES_MULTIPLE : MAX_FILES_SINGLE);
const acceptsVideo = (folder: UploadFolder) => folder === "hero-backgrounds";
const isBucket = (value: string): value is UploadBucket => (UPLOAD_BUCKETS as readonly string[]).includes(value);
const isFolder = (value: string): value is UploadFolder => (UPLOAD_FOLDERS as readonly string[]).includes(value);

/** Until the folder field has arrived, a file may be as large as the largest folder limit. */
const LARGEST_FILE_MB = Math.max(...UPLOAD_FOLDERS.map(uploadLimitFor));
/** Boundaries, part headers and the two small fields: far more than a real form needs. */
const FORM_OVERHEAD = 1024 * 1024;
const bodyAllowance = (folder: UploadFolder) => uploadLimitBytes(uploadLimitFor(folder)) * maxFilesFor(folder) + FORM_OVERHEAD;
/** A Content-Length above this is refused before a byte is read. */
export const MAX_UPLOAD_BODY = Math.max(...UPLOAD_FOLDERS.map(bodyAllowance));
export interface UploadForm {
  bucket: UploadBucket;
  folder: UploadFolder;
  files: Array<{ data: Buffer; type: SniffedType; name: string }>;
}

const malformed = (detail?: string) => new UploadError(400, "Malformed upload", detail);

/**
 * Reads a multipart/form-data body with fields `bucket`, `folder` and one or more `file` parts. Limits are
 * enforced as the bytes arrive: the first part over its limit (size, count or type) stops the read, and the
 * rest of the body is dropped, never held in memory. Fields should come before the files (a form built with
 * FormData in that order does so); files that come first are held to the largest limit until the folder is known.
 */
export async function readUploadForm(request: Request): Promise<UploadForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) {
    throw new UploadError(400, "Expected a multipart/form-data upload");
  }
  const lengthHeader = request.headers.get("content-length");
  const declared = lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : undefined;
  if (declared !== undefined && declared > MAX_UPLOAD_BODY) {
    throw new UploadError(413, "Upload is too large", `content-length ${declared}`);
  }

  let bucket: UploadBucket | undefined;
  let folder: UploadFolder | undefined;
  const fileLimitMb = () => (folder ? uploadLimitFor(folder) : LARGEST_FILE_MB);
  const maxFiles = () => (folder ? maxFilesFor(folder) : MAX_FILES_MULTIPLE);

  const files = await readMultipart<SniffedType, UploadError>(request.body, contentType, {
    limits: {
      fieldNameSize: 100,
      fieldSize: 1024,
      fields: 10,
      // A backstop only: the per-folder limit below is smaller and is checked first.
      fileSize: uploadLimitBytes(LARGEST_FILE_MB) + 1,
      files: MAX_FILES_MULTIPLE + 1,
      parts: MAX_FILES_MULTIPLE + 12,
      headerPairs: 20,
    },
    onField(name, value, info) {
      if (info.nameTruncated || info.valueTruncated) return malformed(`field ${name} truncated`);
      if (name === "bucket") {
        if (!isBucket(value) || (bucket !== undefined && bucket !== value)) return new UploadError(400, "Invalid bucket");
        bucket = value;
      } else if (name === "folder") {
        if (!isFolder(value) || (folder !== undefined && folder !== value)) return new UploadError(400, "Invalid folder");
        folder = value;
        // Now the real ceiling is known: a body far above it cannot be a valid upload.
        if (declared !== undefined && declared > bodyAllowance(folder)) {
          return new UploadError(413, fileTooLargeMessage(uploadLimitFor(folder)), `content-length ${declared}`);
        }
      }
      return undefined;
    },
    // An empty file input sends a part without a file name: nothing was chosen there.
    acceptFile: (field, filename) => (field !== "file" ? malformed(`unexpected file field ${field}`) : Boolean(filename)),
    maxFiles,
    maxFileBytes: () => uploadLimitBytes(fileLimitMb()),
    maxBodyBytes: () => (folder ? bodyAllowance(folder) : MAX_UPLOAD_BODY),
    sniff,
    refuses: (type) => type === null || (type.kind === "video" && folder !== undefined && !acceptsVideo(folder)),
    errors: {
      malformed,
      tooManyFiles: () => new UploadError(400, tooManyFilesMessage(maxFiles())),
      fileTooLarge: () => new UploadError(413, fileTooLargeMessage(fileLimitMb())),
      bodyTooLarge: (received) =>
        folder ? new UploadError(413, fileTooLargeMessage(uploadLimitFor(folder)), `body over ${received}`) : new UploadError(413, "Upload is too large"),
      unsupported: () => new UploadError(415, UNSUPPORTED_TYPE),
    },
    afterRefusal: "drain",
  });

  if (!bucket) throw new UploadError(400, "Invalid bucket");
  if (!folder) throw new UploadError(400, "Invalid folder");
  if (files.length === 0) throw new UploadError(400, "No file uploaded");
  if (files.some((f) => f.size === 0)) throw new UploadError(400, "File is empty");
  if (files.length > maxFilesFor(folder)) throw new UploadError(400, tooManyFilesMessage(maxFilesFor(folder)));
  // Files that arrived before the folder field are held to the folder's limits now.
  const limit = uploadLimitFor(folder);
  const result: UploadForm["files"] = [];
  for (const file of files) {
    if (file.size > uploadLimitBytes(limit)) throw new UploadError(413, fileTooLargeMessage(limit));
    const data = Buffer.concat(file.chunks);
    const type = file.type === undefined ? sniff(data) : file.type;
    if (type === null || (type.kind === "video" && !acceptsVideo(folder))) throw new UploadError(415, UNSUPPORTED_TYPE);
    result.push({ data, type, name: file.filename });
  }
  return { bucket, folder, files: result };
}

interface PreparedFile {
  name: string;
  ext: string;
  contentType: string;
  data: Buffer;
  width?: number;
  height?: number;
  variants: Array<{ suffix: string; data: Buffer; contentType: string }>;
}

async function prepare(file: UploadForm["files"][number]): Promise<PreparedFile> {
  const { type } = file;
  // Video cannot be re-encoded here; it is stored as sent, and served with its type and nosniff.
  if (type.kind === "video") return { name: file.name, ext: type.ext, contentType: type.mime, data: file.data, variants: [] };
  try {
    const image = await processImage(file.data, type.ext);
    return { name: file.name, ext: type.ext, ...image.original, variants: image.variants };
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      throw new UploadError(400, error.reason === "too-large" ? "Image is too large to process" : "Could not read the image", error.message);
    }
    throw error;
  }
}

/** A server-made name: random plus a timestamp, so it is unguessable, unique and never reused. */
export function newObjectBase(bucket: UploadBucket, folder: UploadFolder): string {
  return `${bucket}/${folder}/${crypto.randomBytes(8).toString("hex")}-${Date.now()}`;
}

/** A stored upload as the server knows it: also its storage key and the name the browser sent (the media library's). */
export interface StoredUpload extends UploadedFile {
  key: string;
  name: string;
}

/** Parses, checks, processes and stores the files of an upload request; throws UploadError for a refusal. */
export async function handleUpload(request: Request, storage: Storage, mayUse: (folder: UploadFolder) => boolean = () => true): Promise<StoredUpload[]> {
  const form = await readUploadForm(request);
  // The caller's role decides the folder (an avatar is everyone's, the site's images are the editors'): nothing is stored yet.
  if (!mayUse(form.folder)) throw new UploadError(403, "Your role may not upload here");
  // One file at a time: bounded memory and CPU per request on a small machine.
  const prepared: PreparedFile[] = [];
  for (const file of form.files) prepared.push(await prepare(file));

  const written: string[] = [];
  try {
    const uploaded: StoredUpload[] = [];
    for (const file of prepared) {
      const base = newObjectBase(form.bucket, form.folder);
      // The original first: a crash part-way leaves an original without some copies (unreferenced, since this
      // answer never went out, and pruned), never copies without their original (docs/security.md).
      const key = `${base}.${file.ext}`;
      await storage.put(key, file.data, file.contentType);
      written.push(key);
      for (const variant of file.variants) {
        const variantKey = `${base}${variant.suffix}`;
        await storage.put(variantKey, variant.data, variant.contentType);
        written.push(variantKey);
      }
      uploaded.push({
        key,
        name: file.name,
        url: storage.publicUrl(key),
        type: file.contentType,
        size: file.data.length,
        ...(file.width !== undefined ? { width: file.width, height: file.height } : {}),
      });
    }
    return uploaded;
  } catch (error) {
    // All or nothing: a half-stored gallery would leave files no record points at.
    const removed = await Promise.allSettled(written.map((key) => storage.delete(key)));
    const leftovers = written.filter((_, i) => removed[i].status === "rejected");
    if (leftovers.length > 0) logger.error({ keys: leftovers }, "could not remove files of a failed upload");
    throw error;
  }
}
