import { once } from "node:events";
import busboy from "busboy";
import { logger } from "../logger";
import { SNIFF_BYTES } from "../storage/sniff";

// One streaming multipart reader for the two forms that take files: admin uploads (storage/upload.ts) and the
// contact form's attachments (enquiries/attachments.ts). Each brings its own limits and refusals; the loop that
// applies them while the bytes arrive, and drops the rest of a refused body, is this one
// (docs/decisions/0009-early-body-limits.md).

/** A file part as it arrived: its chunks (never more than its limit), and its type once its first bytes were seen. */
export interface ReceivedPart<T> {
  /** The file name the browser sent. */
  filename: string;
  chunks: Buffer[];
  size: number;
  /** undefined: fewer than SNIFF_BYTES arrived, so the caller tells the type from the whole file. */
  type: T | null | undefined;
}

export interface MultipartOptions<T, E extends Error> {
  /** busboy's own limits: a backstop for what the checks below do not cover (names, headers, part counts). */
  limits: busboy.Limits;
  /** A field arrived; an error refuses the form. */
  onField(name: string, value: string, info: busboy.FieldInfo): E | undefined;
  /** A file part arrived: true to read it, false to drain it unread (an empty file input), an error to refuse. */
  acceptFile(field: string, filename: string | undefined): E | boolean;
  /** Files read at most (asked as each arrives: it may depend on a field). */
  maxFiles(): number;
  /** Bytes per file at most (asked at each chunk). */
  maxFileBytes(): number;
  /** Bytes over all files at most, and the refusal past it; none: each file and the body have their own limits only. */
  total?: { maxBytes: number; tooLarge(): E };
  /** Bytes of the whole body at most (asked at each chunk). */
  maxBodyBytes(): number;
  /** The type from a file's first SNIFF_BYTES; `refuses` says which types end the read. */
  sniff(head: Buffer): T | null;
  refuses(type: T | null): boolean;
  errors: {
    /** Anything unreadable: a broken body, a parser error, too many fields or parts. */
    malformed(detail: string): E;
    tooManyFiles(): E;
    fileTooLarge(filename: string): E;
    bodyTooLarge(received: number): E;
    unsupported(): E;
  };
  /**
   * After a refusal: "drain" reads the rest of the body and drops it (up to DISCARD_MAX), so a browser sees the
   * answer instead of a reset; "cancel" stops reading at once.
   */
  afterRefusal: "drain" | "cancel";
}

/** After a refusal the rest of the body is read and dropped, up to this much; then the connection is cut. */
const DISCARD_MAX = 64 * 1024 * 1024;

/**
 * Reads a multipart/form-data body as it streams. The first part over a limit (count, size, total, type) stops
 * the read and is thrown; the rest of the body is dropped, never held. Answers the file parts read.
 */
export async function readMultipart<T, E extends Error>(
  body: ReadableStream<Uint8Array>,
  contentType: string,
  options: MultipartOptions<T, E>,
): Promise<Array<ReceivedPart<T>>> {
  const { errors } = options;
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: { "content-type": contentType }, limits: options.limits });
  } catch (error) {
    throw errors.malformed(error instanceof Error ? error.message : String(error));
  }

  const files: Array<ReceivedPart<T>> = [];
  let total = 0;
  let failure: E | undefined;
  const fail = (error: E) => {
    failure ??= error;
  };

  parser.on("field", (name, value, info) => {
    const refused = options.onField(name, value, info);
    if (refused) fail(refused);
  });
  parser.on("file", (name, stream, info) => {
    stream.on("error", (error) => fail(errors.malformed(error.message)));
    const accepted = failure ? false : options.acceptFile(name, info.filename);
    if (accepted !== true) {
      if (accepted !== false) fail(accepted);
      stream.resume();
      return;
    }
    if (files.length >= options.maxFiles()) {
      fail(errors.tooManyFiles());
      stream.resume();
      return;
    }
    const file: ReceivedPart<T> = { filename: info.filename ?? "", chunks: [], size: 0, type: undefined };
    files.push(file);
    stream.on("data", (chunk: Buffer) => {
      if (failure) return;
      file.size += chunk.length;
      total += chunk.length;
      if (file.size > options.maxFileBytes()) {
        file.chunks = [];
        return fail(errors.fileTooLarge(file.filename));
      }
      if (options.total && total > options.total.maxBytes) {
        file.chunks = [];
        return fail(options.total.tooLarge());
      }
      file.chunks.push(chunk);
      if (file.type === undefined && file.size >= SNIFF_BYTES) {
        // Known from the first bytes: an SVG or an executable is refused before the rest is read.
        file.type = options.sniff(Buffer.concat(file.chunks));
        if (options.refuses(file.type)) fail(errors.unsupported());
      }
    });
    stream.on("limit", () => fail(errors.fileTooLarge(file.filename)));
  });
  parser.on("filesLimit", () => fail(errors.tooManyFiles()));
  parser.on("fieldsLimit", () => fail(errors.malformed("too many fields")));
  parser.on("partsLimit", () => fail(errors.malformed("too many parts")));

  const settled = new Promise<void>((resolve) => {
    parser.once("close", resolve);
    // `on`, not `once`: busboy can emit a second error as it ends ("Malformed part header", then "Unexpected end of
    // form"), and an error event with no listener left would end the process.
    parser.on("error", (error: Error) => {
      fail(errors.malformed(error.message));
      resolve();
    });
  });

  const reader = body.getReader();
  let ended = false;
  let received = 0;
  try {
    while (!failure) {
      const { done, value } = await reader.read();
      if (done) {
        ended = true;
        parser.end();
        await settled;
        break;
      }
      // Whatever the body says about itself (chunked, no Content-Length, an endless field), it ends here.
      received += value.byteLength;
      if (received > options.maxBodyBytes()) {
        fail(errors.bodyTooLarge(received));
        break;
      }
      if (!parser.write(value)) await Promise.race([once(parser, "drain"), settled]);
    }
  } catch (error) {
    // The client went away, or the body stream broke off.
    fail(errors.malformed(error instanceof Error ? error.message : String(error)));
  }
  if (failure) {
    if (!ended) {
      if (options.afterRefusal === "drain") void discardRest(reader);
      else void reader.cancel().catch(() => undefined);
    }
    throw failure;
  }
  return files;
}

/** Reads what is left of a refused body and drops it, so the connection can carry our answer; gives up past DISCARD_MAX. */
async function discardRest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let discarded = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      discarded += value.byteLength;
      if (discarded > DISCARD_MAX) {
        await reader.cancel();
        return;
      }
    }
  } catch (error) {
    logger.debug({ err: error }, "multipart body ended while discarding");
  }
}
