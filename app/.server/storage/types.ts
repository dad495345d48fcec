import type { Readable } from "node:stream";

export interface StoredObjectInfo {
  size: number;
  contentType: string | undefined;
  etag?: string;
}

/** One stored object as a listing sees it. */
export interface ListedObject {
  key: string;
  size: number;
  modified: Date;
}

/** Inclusive byte range, as in an HTTP Range header. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where uploaded files live. Keys are relative paths such as `project-images/gallery/ab12-1732000000000.jpg`
 * (see keys.ts); a stored object is written whole or not at all.
 */
export interface Storage {
  readonly kind: "disk" | "s3";
  put(key: string, body: Buffer | Readable, contentType: string): Promise<void>;
  /** The whole object, or null when there is none. */
  get(key: string): Promise<Buffer | null>;
  /** A stream of the object (or of one byte range of it), or null when there is none. */
  stream(key: string, range?: ByteRange): Promise<Readable | null>;
  stat(key: string): Promise<StoredObjectInfo | null>;
  exists(key: string): Promise<boolean>;
  /** Removes the object; removing a missing object is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every stored object, in no promised order, including any whose name the server would not make (so callers
   * can report them); never the temp files of a write in progress.
   */
  list(): AsyncIterable<ListedObject>;
  /** The URL a browser loads the object from. */
  publicUrl(key: string): string;
}
