import pino from "pino";
import { env } from "./env";

// JSON lines on stdout: what operators grep. Secrets and cookies are never logged.
export const logger = pino({
  level: env.NODE_ENV === "test" ? "silent" : env.LOG_LEVEL,
  base: undefined,
  redact: {
    paths: ["password", "*.password", "headers.cookie", "headers.authorization", "*.headers.cookie", "req.headers.cookie"],
    censor: "[redacted]",
  },
});
