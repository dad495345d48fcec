import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { type BetterAuthOptions, betterAuth } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { twoFactor } from "better-auth/plugins/two-factor";
import { COMPANY } from "~/content/company";
import { LOGIN_PASSWORD_MAX, NEW_PASSWORD_MIN } from "~/validation/constants";
import { newPasswordProblem } from "~/validation/password-policy";
import { type Database, getDatabase } from "../db";
import { env } from "../env";
import { logger } from "../logger";
import { sendPasswordChangedEmail, sendPasswordResetEmail } from "../mail/account-emails";
import { createProfile } from "../models/profiles";
import { hashPassword, verifyPassword } from "./password";

/** Set by our HTTP server from the socket (or the proxy header when TRUST_PROXY is on); clients cannot forge it. */
export const CLIENT_IP_HEADER = "x-client-ip";

export const SITE_ORIGIN = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;

/** Development and tests may run without AUTH_SECRET: a random one is kept under DATA_DIR. */
export function authSecret(): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.resolve(env.DATA_DIR, ".auth-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

/** Reset links are valid 1 hour (docs/product.md#staff-accounts). */
export const RESET_TOKEN_SECONDS = 60 * 60;
/** "Trust this device for 30 days" (docs/product.md#staff-accounts). */
export const TRUST_DEVICE_SECONDS = 30 * 24 * 60 * 60;

// Two-factor sign-in (docs/decisions/0014-staff-accounts-and-two-factor.md): TOTP with 10 backup codes.
// The plugin's after-hook replaces the session of an email sign-in with a short-lived two-factor cookie
// whenever the user has two-factor on, whichever path called the sign-in, so no endpoint skips it.
const plugins = [
  twoFactor({
    issuer: COMPANY.name,
    trustDeviceMaxAge: TRUST_DEVICE_SECONDS,
    backupCodeOptions: { amount: 10 },
  }),
];

/** The endpoints that set a password, and the body field holding it. */
const NEW_PASSWORD_FIELDS: Record<string, string> = { "/sign-up/email": "password", "/reset-password": "newPassword", "/change-password": "newPassword", "/set-password": "newPassword" };

/** The password policy (docs/decisions/0073-one-password-policy.md) on better-auth's own endpoints, which skip our forms' schemas. */
const passwordPolicy = createAuthMiddleware(async (ctx) => {
  const field = NEW_PASSWORD_FIELDS[ctx.path];
  const password: unknown = field ? (ctx.body as Record<string, unknown> | undefined)?.[field] : undefined;
  if (typeof password !== "string") return;
  const problem = newPasswordProblem(password);
  if (problem) throw new APIError("BAD_REQUEST", { code: "PASSWORD_REFUSED", message: problem });
});

export function authOptions(database: Database): BetterAuthOptions & { plugins: typeof plugins } {
  const secure = SITE_ORIGIN.startsWith("https://");
  return {
    appName: "Company Admin Panel",
    baseURL: SITE_ORIGIN,
    secret: authSecret(),
    database: { db: database.db, type: database.engine },
    trustedOrigins: [SITE_ORIGIN, ...(env.PUBLIC_URL ? [] : [`http://127.0.0.1:${env.PORT}`])],
    telemetry: { enabled: false },
    plugins,
    emailAndPassword: {
      enabled: true,
      disableSignUp: !env.ALLOW_SIGNUP,
      minPasswordLength: NEW_PASSWORD_MIN,
      maxPasswordLength: LOGIN_PASSWORD_MAX,
      // better-auth's scrypt at its own cost, cheaper only under NODE_ENV=test (./password.ts, decision 0035).
      password: { hash: (password) => hashPassword(password), verify: ({ hash, password }) => verifyPassword(hash, password) },
      autoSignIn: false,
      resetPasswordTokenExpiresIn: RESET_TOKEN_SECONDS,
      // A reset ends every session of the account (docs/product.md#staff-accounts).
      revokeSessionsOnPasswordReset: true,
      // Our own link (the reset page), not better-auth's redirecting endpoint; the email goes through the queue.
      sendResetPassword: async ({ user, token }) => {
        const link = `${SITE_ORIGIN}/admin/reset-password?token=${encodeURIComponent(token)}`;
        const queued = await sendPasswordResetEmail(user.email, user.name, link);
        if (!queued) logger.warn({ userId: user.id }, "password reset asked but no SMTP server is configured");
      },
      onPasswordReset: async ({ user }) => {
        await sendPasswordChangedEmail(user.email, user.name, `${SITE_ORIGIN}/admin/login`);
      },
    },
    session: {
      // No cookie cache: a signed-out or deleted session stops working on the very next request.
      expiresIn: 60 * 60 * 24 * 7,
      updateAge: 60 * 60 * 24,
    },
    // better-auth's limiter only covers requests through its HTTP handler; the sign-in form has our own
    // database-backed limiter (app/.server/models/rate-limits.ts) which the /api/auth route applies too.
    rateLimit: { enabled: true, window: 60, max: 100 },
    advanced: {
      useSecureCookies: secure,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", secure },
    },
    hooks: { before: passwordPolicy },
    databaseHooks: {
      user: {
        create: {
          // Every user gets a profile (docs/product.md#entities); roles are granted only by the admin command or bootstrap.
          after: async (user) => {
            await createProfile({ id: user.id, email: user.email, full_name: user.name });
          },
        },
      },
    },
    logger: {
      log: (level, message, ...args) => {
        // A thrown error is logged through pino's err serializer (as a plain arg it showed as `{}`).
        const err = args.find((arg) => arg instanceof Error);
        const rest = args.filter((arg) => arg !== err);
        // Error level is for what an operator must look at; what a visitor's request was refused for is not.
        const refused = level === "error" && VISITOR_REFUSALS.test(message);
        logger[refused ? "warn" : level]({ err, args: rest.length ? rest : undefined }, `auth: ${message}`);
      },
    },
  };
}

/** better-auth's error-level messages that a visitor's request causes (docs/security.md "Faults and errors"). */
const VISITOR_REFUSALS =
  /^(Invalid (callbackURL|origin|redirectURL|errorCallbackURL|newUserCallbackURL|redirectTo)\b|Email is the same|Verification email isn't enabled|Change email with OTP is disabled|Delete user is disabled)/;

function createAuth(database: Database) {
  return betterAuth(authOptions(database));
}

export type Auth = ReturnType<typeof createAuth>;

const instances = new WeakMap<Database, Auth>();

/** The auth instance bound to the current database. */
export function auth(): Auth {
  const database = getDatabase();
  let instance = instances.get(database);
  if (!instance) {
    instance = createAuth(database);
    instances.set(database, instance);
  }
  return instance;
}
