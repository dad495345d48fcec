import path from "node:path";
import { type Env, env } from "../env";
import { DiskStorage } from "./disk";
import { S3Storage } from "./s3";
import type { Storage } from "./types";

// Uploaded files behind one interface: the local disk by default (one machine needs nothing),
// an S3-compatible bucket when S3_BUCKET is set (several machines share it). docs/decisions/0004-storage.md

export type { ByteRange, ListedObject, Storage, StoredObjectInfo } from "./types";
export { CONTENT_TYPES, contentTypeForKey, isValidKey } from "./keys";
export { DiskStorage } from "./disk";
export { S3Storage, type S3StorageConfig } from "./s3";

/** The driver the environment asks for. */
export function storageFromEnv(config: Env): Storage {
  if (config.S3_BUCKET) {
    return new S3Storage({
      bucket: config.S3_BUCKET,
      endpoint: config.S3_ENDPOINT,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      publicUrl: config.S3_PUBLIC_URL,
    });
  }
  return new DiskStorage(path.resolve(config.DATA_DIR, "uploads"));
}

let current: Storage | undefined;

/** The configured driver, made on first use. */
export function getStorage(): Storage {
  current ??= storageFromEnv(env);
  return current;
}

/** Replaces the driver (tests give each file its own directory or bucket); undefined goes back to the environment's. */
export function setStorage(storage: Storage | undefined): void {
  current = storage;
}
