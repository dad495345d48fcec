import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { S3Storage } from "~/.server/storage";

// An S3-compatible server (s3rver) on a free loopback port, started by the tests that need a bucket.

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** A driver for this server's bucket, as the app would build it from S3_* variables. */
  storage(publicUrl?: string): S3Storage;
  close(): Promise<void>;
}

export async function startS3Server(bucket = "uploads"): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    storage: (publicUrl?: string) =>
      new S3Storage({ endpoint, bucket, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", publicUrl }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
