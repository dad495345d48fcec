import { z } from "zod";

// The only reader of process.env. Parsed once; a bad value stops the process with a clear message.
const bool = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : /^(1|true|yes|on)$/i.test(v.trim())));

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().default("./data"),
    // The build server.mjs serves (react-router.config.ts writes it there); its client files are read too.
    BUILD_DIR: z.string().default("build"),
    DATABASE_URL: optionalString.refine((v) => v === undefined || /^postgres(ql)?:\/\//.test(v), {
      message: "DATABASE_URL must be a postgres:// URL",
    }),
    ADMIN_EMAIL: optionalString,
    ADMIN_PASSWORD: optionalString,
    DEMO_CONTENT: bool(true),
    AUTH_SECRET: optionalString,
    PUBLIC_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/[^/]+$/.test(v.replace(/\/$/, "")), {
      message: "PUBLIC_URL must be an origin such as https://example.com",
    }),
    ALLOW_SIGNUP: bool(false),
    TRUST_PROXY: bool(false),
    // Sign-in limits as "tries/seconds": per client IP, and failures per account.
    LOGIN_IP_LIMIT: z.string().regex(/^\d+\/\d+$/, "use tries/seconds, e.g. 3/10").default("3/10"),
    LOGIN_ACCOUNT_LIMIT: z.string().regex(/^\d+\/\d+$/, "use tries/seconds, e.g. 100/3600").default("100/3600"),
    // Failures allowed to one trusted device (a browser that signed in before), which the account limit spares.
    LOGIN_DEVICE_LIMIT: z.string().regex(/^\d+\/\d+$/, "use tries/seconds, e.g. 10/3600").default("10/3600"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    S3_ENDPOINT: optionalString,
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalString,
    /** A private bucket for enquiry attachments when S3 is used (never the public uploads bucket). */
    ATTACHMENTS_S3_BUCKET: optionalString,
    SMTP_URL: optionalString,
    NOTIFY_EMAIL: optionalString,
    /** Sender of notifications; defaults to NOTIFY_EMAIL (many SMTP servers only accept their own account). */
    MAIL_FROM: optionalString,
    /** Enquiries accepted per IP per window ("count/seconds"). */
    ENQUIRY_IP_LIMIT: z.string().regex(/^\d+\/\d+$/, "use count/seconds, e.g. 5/600").default("5/600"),
    /** A person takes at least this long to fill the form; faster is a bot. */
    ENQUIRY_MIN_FILL_MS: z.coerce.number().int().min(0).default(3000),
    /** Visitor statistics (docs/product.md#insight): "false" turns counting off. */
    INSIGHT: z.enum(["true", "false"]).default("true"),
    /** How often counted page views are written to the database; a crash loses at most this much. */
    INSIGHT_FLUSH_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /** "true": a weekly Insight summary to NOTIFY_EMAIL on Monday mornings (needs SMTP_URL). */
    INSIGHT_WEEKLY_REPORT: z.enum(["true", "false"]).default("false"),
    /**
     * How often the server looks for scheduled publishes and show-from/hide-from moments that have come
     * (docs/decisions/0086-scheduled-publish.md): a change goes live at most this long after its time.
     */
    SCHEDULE_TICK_MS: z.coerce.number().int().min(100).max(600_000).default(15_000),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === "production" && (!env.AUTH_SECRET || env.AUTH_SECRET.length < 32)) {
      ctx.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "AUTH_SECRET (at least 32 characters) is required when NODE_ENV=production",
      });
    }
    if (Boolean(env.ADMIN_EMAIL) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({ code: "custom", path: ["ADMIN_PASSWORD"], message: "set ADMIN_EMAIL and ADMIN_PASSWORD together" });
    }
  });

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  return {
    ...result.data,
    PUBLIC_URL: result.data.PUBLIC_URL?.replace(/\/$/, ""),
  };
}

export const env: Env = parseEnv(process.env);
