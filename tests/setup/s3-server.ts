import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
import { S3Storage } from "~/.server/storage";

// An S3-compatible server (s3rver) on a free loopback port, started by the tests that need a bucket.

export interface S3Server {
  endpoint: string;
  bucket: string;
  /** A driver for this server's bucket, as the app would build it from S3_* variables. */
  storage(publicUrl?: string): S3Storage;
  close(): Promise<void>;
}

/** A driver for `bucket` on the server at `endpoint`, as the app would build it from S3_* variables. */
function serverAt(endpoint: string, bucket: string, close: () => Promise<void>): S3Server {
  return {
    endpoint,
    bucket,
    storage: (publicUrl?: string) =>
      new S3Storage({ endpoint, bucket, region: "us-east-1", accessKeyId: "S3RVER", secretAccessKey: "S3RVER", publicUrl }),
    close,
  };
}

export async function startS3Server(bucket = "uploads"): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  return serverAt(`http://127.0.0.1:${port}`, bucket, async () => {
    await server.close();
    fs.rmSync(directory, { recursive: true, force: true });
  });
}

/** One server for the tests of a file (or describe block): started before them, closed after. */
export function useS3Server(bucket?: string): () => S3Server {
  let server: S3Server | undefined;
  beforeAll(async () => {
    server = await startS3Server(bucket);
  });
  afterAll(async () => {
    await server?.close();
  });
  return () => {
    if (!server) throw new Error("the S3 server has not started");
    return server;
  };
}

/**
 * The same server in a child process with OpenSSL's legacy provider, for tests that page through ListObjectsV2:
 * s3rver encrypts its continuation tokens with DES, which Node 20's OpenSSL 3 refuses by default (InternalError).
 */
export async function startS3ServerProcess(bucket = "uploads"): Promise<S3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const code = `
    import S3rver from "s3rver";
import { afterAll, beforeAll } from "vitest";
    const server = new S3rver({ address: "127.0.0.1", port: 0, directory: process.env.S3RVER_DIR, silent: true,
      configureBuckets: [{ name: process.env.S3RVER_BUCKET, configs: [] }] });
    const { port } = await server.run();
    console.log(JSON.stringify({ port }));
    process.on("SIGTERM", () => server.close().then(() => process.exit(0)));`;
  const child = spawn(process.execPath, ["--openssl-legacy-provider", "--input-type=module", "-e", code], {
    env: { ...process.env, S3RVER_DIR: directory, S3RVER_BUCKET: bucket },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const exited = once(child, "exit");
  const started = await Promise.race([once(createInterface({ input: child.stdout! }), "line"), exited.then(() => null)]);
  if (!started) throw new Error(`s3rver process exited with ${child.exitCode}`);
  const { port } = JSON.parse(String(started[0])) as { port: number };
  return serverAt(`http://127.0.0.1:${port}`, bucket, async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await exited;
    }
    fs.rmSync(directory, { recursive: true, force: true });
  });
}
