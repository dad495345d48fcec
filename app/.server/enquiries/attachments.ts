import crypto from "node:crypto";
import path from "node:path";
import { ENQUIRY_FAILED } from "~/content/enquiry";
import sharp from "sharp";
import {
  ATTACHMENT_MAX_FILES,
  ATTACHMENT_FIELD,
  attachmentTooLarge,
  ATTACHMENTS_TOO_LARGE,
  ATTACHMENTS_TOO_MANY,
  ATTACHMENT_UNSUPPORTED,
  MAX_ATTACHMENT_BYTES,
  MAX_ATTACHMENTS_TOTAL_BYTES,
} from "~/validation/constants";
import { MAX_ENQUIRY_BODY } from "../http/body-limit";
import { type ReceivedPart, readMultipart } from "../http/multipart";
import { env } from "../env";
import { logger } from "../logger";
import { addLeadAttachments, listLeadAttachments } from "../models/lead-attachments";
import { deleteEnquiry } from "../models/enquiries";
import { DiskStorage, S3Storage, type Storage } from "../storage";
import { imageJobs, MAX_INPUT_PIXELS } from "../storage/images";
import { sniff } from "../storage/sniff";

// Files sent with the contact form (docs/decisions/0018-enquiry-attachments.md): up to 5 images or
// PDFs, 10 MB each, 25 MB in all, checked while the body streams in, images re-encoded without their
// metadata, stored privately (never under /uploads) and read back only through an admin route.

/** The most a multipart contact post may carry: one number with the early body limits (body-limit.ts). */
export { MAX_ENQUIRY_BODY };

export class AttachmentError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export type AttachmentType =
  { kind: "image"; ext: "jpg" | "png" | "webp" | "gif" | "avif"; mime: string } | { kind: "pdf"; ext: "pdf"; mime: "application/pdf" };

/** Images the site reads, and PDF by its magic bytes; anything else (SVG, HTML, Office files, executables) is null. */
export function sniffAttachment(head: Uint8Array): AttachmentType | null {
  if (head.length >= 5 && Buffer.from(head.subarray(0, 5)).toString("latin1") === "%PDF-")
    return { kind: "pdf", ext: "pdf", mime: "application/pdf" };
  const type = sniff(head);
  return type?.kind === "image" ? type : null;
}

export interface ReceivedFile {
  name: string;
  data: Buffer;
  type: AttachmentType;
}

export interface EnquiryForm {
  form: FormData;
  files: ReceivedFile[];
}

/** What the visitor typed, kept when a file is refused: fields come before the file input in the form. */
export class EnquiryFormError extends AttachmentError {
  constructor(
    error: AttachmentError,
    readonly form: FormData,
  ) {
    super(error.status, error.message);
  }
}

/**
 * Reads a contact form post. A plain (urlencoded) form is read as usual; a multipart one is parsed as it
 * streams, and the first file over a limit (count, size, total, type) stops the read: the rest of the
 * body is dropped, never held.
 */
export async function readEnquiryForm(request: Request): Promise<EnquiryForm> {
  const contentType = request.headers.get("content-type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) return { form: await request.formData(), files: [] };
  if (!request.body) throw new EnquiryFormError(new AttachmentError(400, ENQUIRY_FAILED), new FormData());
  const declared = Number(request.headers.get("content-length") ?? NaN);
  if (Number.isFinite(declared) && declared > MAX_ENQUIRY_BODY)
    throw new EnquiryFormError(new AttachmentError(413, ATTACHMENTS_TOO_LARGE), new FormData());

  const form = new FormData();
  const failed = () => new AttachmentError(400, ENQUIRY_FAILED);
  let files: Array<ReceivedPart<AttachmentType>>;
  try {
    files = await readMultipart<AttachmentType, AttachmentError>(request.body, contentType, {
      limits: {
        fieldNameSize: 100,
        fieldSize: 20_000,
        fields: 30,
        fileSize: MAX_ATTACHMENT_BYTES + 1,
        files: ATTACHMENT_MAX_FILES + 1,
        parts: ATTACHMENT_MAX_FILES + 40,
        headerPairs: 20,
      },
      onField(name, value) {
        if (form.getAll(name).length < 5) form.append(name, value);
        return undefined;
      },
      // An empty file input sends a part with no file name: nothing was chosen. Other file fields are ignored.
      acceptFile: (field, filename) => field === ATTACHMENT_FIELD && Boolean(filename),
      maxFiles: () => ATTACHMENT_MAX_FILES,
      maxFileBytes: () => MAX_ATTACHMENT_BYTES,
      total: { maxBytes: MAX_ATTACHMENTS_TOTAL_BYTES, tooLarge: () => new AttachmentError(413, ATTACHMENTS_TOO_LARGE) },
      maxBodyBytes: () => MAX_ENQUIRY_BODY,
      sniff: sniffAttachment,
      refuses: (type) => type === null,
      errors: {
        malformed: failed,
        tooManyFiles: () => new AttachmentError(400, ATTACHMENTS_TOO_MANY),
        fileTooLarge: (name) => new AttachmentError(413, attachmentTooLarge(name)),
        bodyTooLarge: () => new AttachmentError(413, ATTACHMENTS_TOO_LARGE),
        unsupported: () => new AttachmentError(415, ATTACHMENT_UNSUPPORTED),
      },
      // The rest of a refused body is read and dropped, so the visitor gets the answer with what they typed, not a
      // reset connection (docs/decisions/0018-enquiry-attachments.md).
      afterRefusal: "drain",
    });
  } catch (error) {
    // What the visitor typed goes back with the refusal.
    if (error instanceof AttachmentError) throw new EnquiryFormError(error, form);
    throw error;
  }
  const result: ReceivedFile[] = [];
  for (const file of files) {
    if (file.size === 0) continue;
    const data = Buffer.concat(file.chunks);
    const type = file.type === undefined ? sniffAttachment(data) : file.type;
    if (!type) throw new EnquiryFormError(new AttachmentError(415, ATTACHMENT_UNSUPPORTED), form);
    result.push({ name: file.filename, data, type });
  }
  return { form, files: result };
}

export interface PreparedAttachment {
  fileName: string;
  data: Buffer;
  contentType: string;
  ext: string;
}

/** A name to show and to download as: the visitor's, tamed, with the extension of what the file really is. */
export function safeFileName(name: string, ext: string): string {
  const base = path
    .basename(name.replace(/\\/g, "/"))
    .replace(/\.[^.]*$/, "")
    .replace(/[^A-Za-z0-9 ._()-]+/g, "_")
    .replace(/^[._ ]+/, "")
    .slice(0, 80)
    .trim();
  return `${base || "attachment"}.${ext}`;
}

/** Images are decoded (pixel cap) and encoded again, which leaves EXIF, GPS and any hidden payload behind; PDFs are kept as sent. */
export async function prepareAttachment(file: ReceivedFile): Promise<PreparedAttachment> {
  const fileName = safeFileName(file.name, file.type.ext);
  if (file.type.kind === "pdf") return { fileName, data: file.data, contentType: file.type.mime, ext: "pdf" };
  const { ext, mime } = file.type;
  try {
    const data = await imageJobs(async () => {
      const animated = ext === "gif" || ext === "webp";
      const image = sharp(file.data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning", animated }).rotate();
      switch (ext) {
        case "jpg":
          return image.jpeg({ quality: 90 }).toBuffer();
        case "png":
          return image.png().toBuffer();
        case "webp":
          return image.webp({ quality: 90 }).toBuffer();
        case "gif":
          return image.gif().toBuffer();
        case "avif":
          return image.avif({ quality: 60, effort: 2 }).toBuffer();
      }
    });
    return { fileName, data, contentType: mime, ext };
  } catch (error) {
    logger.info({ err: error, fileName }, "attachment image refused");
    throw new AttachmentError(400, `Could not read the image ${fileName}`);
  }
}

// --- private storage ----------------------------------------------------------------------------

let privateStorage: Storage | undefined;

/**
 * Where attachments live: DATA_DIR/private on disk (outside DATA_DIR/uploads, which /uploads serves), or
 * the S3 bucket ATTACHMENTS_S3_BUCKET, which must not be public. Never the public uploads bucket: the
 * app streams any key of that one at /uploads.
 */
export function getAttachmentStorage(): Storage {
  if (privateStorage) return privateStorage;
  const bucket = env.ATTACHMENTS_S3_BUCKET;
  privateStorage =
    bucket && env.S3_BUCKET
      ? new S3Storage({
          bucket,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        })
      : new DiskStorage(path.resolve(env.DATA_DIR, "private"), "/admin/enquiries");
  return privateStorage;
}

export function setAttachmentStorage(storage: Storage | undefined): void {
  privateStorage = storage;
}

/** Stores prepared files for an enquiry; all or nothing. */
export async function storeAttachments(enquiryId: string, files: PreparedAttachment[]): Promise<void> {
  if (files.length === 0) return;
  const storage = getAttachmentStorage();
  const written: string[] = [];
  try {
    const rows = [];
    for (const file of files) {
      const key = `enquiries/${enquiryId}/${crypto.randomBytes(8).toString("hex")}.${file.ext}`;
      await storage.put(key, file.data, file.contentType);
      written.push(key);
      rows.push({ storage_key: key, file_name: file.fileName, content_type: file.contentType, size: file.data.length });
    }
    await addLeadAttachments(enquiryId, rows);
  } catch (error) {
    await Promise.allSettled(written.map((key) => storage.delete(key)));
    throw error;
  }
}

/** Deletes an enquiry and its files: the rows go with the enquiry (cascade), the files here. */
export async function deleteEnquiryWithFiles(id: string): Promise<boolean> {
  const attachments = await listLeadAttachments(id);
  const deleted = await deleteEnquiry(id);
  const storage = getAttachmentStorage();
  const results = await Promise.allSettled(attachments.map((a) => storage.delete(a.storage_key)));
  const left = attachments.filter((_, i) => results[i].status === "rejected").map((a) => a.storage_key);
  if (left.length > 0) logger.error({ enquiryId: id, keys: left }, "could not remove the files of a deleted enquiry");
  return deleted;
}

/** Deletes several enquiries with their files (the inbox's bulk delete), one after another; answers the ids that existed. */
export async function deleteEnquiriesWithFiles(ids: readonly string[]): Promise<string[]> {
  const deleted: string[] = [];
  for (const id of ids) if (await deleteEnquiryWithFiles(id)) deleted.push(id);
  return deleted;
}
