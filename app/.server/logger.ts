import { AsyncLocalStorage } from "node:async_hooks";
import { Writable } from "node:stream";
import pino from "pino";
import { env } from "./env";

// JSON lines on stdout: what operators grep. Secrets and cookies are never logged.
// Log an error as `{ err: error }`: pino's err serializer keeps its type, message and stack.

/** The request being served, so every line logged while serving it carries its id (set in server/app.ts). */
export const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/**
 * In tests, error-level lines are kept instead of printed: tests/setup/error-logs.ts fails any test that leaves
 * one it did not expect (drainErrorLogs() takes them, for a test that provokes an error on purpose).
 */
const testErrorLogs: Array<Record<string, unknown>> = [];
export function drainErrorLogs(): Array<Record<string, unknown>> {
  return testErrorLogs.splice(0, testErrorLogs.length);
}

const testSink = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    for (const line of chunk.toString("utf8").split("\n")) {
      if (line.trim()) testErrorLogs.push(JSON.parse(line) as Record<string, unknown>);
    }
    callback();
  },
});

const isTest = env.NODE_ENV === "test";

export const logger = pino(
  {
    level: isTest ? "error" : env.LOG_LEVEL,
    base: undefined,
    mixin() {
      const requestId = requestContext.getStore()?.requestId;
      return requestId ? { reqId: requestId } : {};
    },
    redact: {
      paths: ["password", "*.password", "headers.cookie", "headers.authorization", "*.headers.cookie", "req.headers.cookie"],
      censor: "[redacted]",
    },
  },
  isTest ? testSink : undefined,
);
