import { Readable } from "node:stream";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from "@aws-sdk/client-s3";
import { assertKey } from "./keys";
import type { ByteRange, ListedObject, Storage, StoredObjectInfo } from "./types";

export interface S3StorageConfig {
  bucket: string;
  /** e.g. http://127.0.0.1:9000 for MinIO; unset for AWS itself. */
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /**
   * Where browsers load objects from (a CDN or the bucket's public URL). Unset: `/uploads/<key>`, which the
   * app serves by streaming from the bucket (server/app.ts), so the bucket can stay private.
   */
  publicUrl?: string;
  /** Keys per ListObjectsV2 page (S3's maximum, 1000, by default); tests set a small one to see paging. */
  listPageSize?: number;
}

/** Server-made names never change content, so every object may be cached for a year. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

function isMissing(error: unknown): boolean {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } } | null;
  return e?.name === "NoSuchKey" || e?.name === "NotFound" || e?.$metadata?.httpStatusCode === 404;
}

async function toBuffer(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/** S3-compatible object storage (AWS S3, MinIO, R2, ...): one bucket shared by every app instance. */
export class S3Storage implements Storage {
  readonly kind = "s3" as const;
  readonly bucket: string;
  readonly client: S3Client;
  private readonly publicBase: string;
  private readonly listPageSize: number | undefined;

  constructor(config: S3StorageConfig, client?: S3Client) {
    this.bucket = config.bucket;
    this.publicBase = (config.publicUrl ?? "/uploads").replace(/\/+$/, "");
    this.listPageSize = config.listPageSize;
    const options: S3ClientConfig = {
      region: config.region ?? "us-east-1",
      endpoint: config.endpoint,
      // Path-style addressing (endpoint/bucket/key) works on every S3-compatible server and needs no DNS per bucket.
      forcePathStyle: true,
      // Since 2025 the SDK adds CRC checksums and aws-chunked bodies by default, which many S3-compatible
      // servers reject; send and check them only where the S3 API requires them.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    };
    if (config.accessKeyId && config.secretAccessKey) {
      options.credentials = { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey };
    }
    this.client = client ?? new S3Client(options);
  }

  async put(key: string, body: Buffer | Readable, contentType: string): Promise<void> {
    // PutObject needs the length up front; upload bodies are bounded by the upload limits, so a stream is
    // collected first. A PutObject is atomic: readers see the old object or the whole new one.
    const data = Buffer.isBuffer(body) ? body : await toBuffer(body);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: assertKey(key),
        Body: data,
        ContentLength: data.length,
        ContentType: contentType,
        CacheControl: CACHE_CONTROL,
      }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const body = await this.stream(key);
    return body ? toBuffer(body) : null;
  }

  async stream(key: string, range?: ByteRange): Promise<Readable | null> {
    try {
      const result = await this.client.send(
        new GetObjectCommand({
          Bucket: this.bucket,
          Key: assertKey(key),
          Range: range ? `bytes=${range.start}-${range.end}` : undefined,
        }),
      );
      const body = result.Body;
      if (!body) return Readable.from([]);
      // In Node the SDK's body is an http.IncomingMessage (a Readable).
      return body instanceof Readable ? body : Readable.fromWeb(body.transformToWebStream() as import("node:stream/web").ReadableStream);
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
      return { size: head.ContentLength ?? 0, contentType: head.ContentType, etag: head.ETag };
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: assertKey(key) }));
  }

  async *list(): AsyncGenerator<ListedObject> {
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, MaxKeys: this.listPageSize, ContinuationToken: token }),
      );
      for (const object of page.Contents ?? []) {
        if (object.Key === undefined) continue;
        // An object without a date counts as new: never old enough to be pruned.
        yield { key: object.Key, size: object.Size ?? 0, modified: object.LastModified ?? new Date() };
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }

  publicUrl(key: string): string {
    return `${this.publicBase}/${assertKey(key)}`;
  }
}
