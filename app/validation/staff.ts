import { z } from "zod";
import { LOGIN_EMAIL_MAX, LOGIN_PASSWORD_MAX } from "./constants";
import { ROLES } from "~/lib/permissions";

// Staff accounts (docs/product.md#staff-accounts): invites, password recovery, two-factor codes. The forms that set a
// password are in ./new-password.ts, apart, so that the pages checking these in the browser do not load its list.

export const raw = z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string());

export const emailField = raw
  .transform((v) => v.trim())
  .pipe(z.string().max(LOGIN_EMAIL_MAX, "Email must be less than 255 characters").pipe(z.email("Invalid email address")))
  .transform((v) => v.toLowerCase());

/** A staff role as a form posts it: the stored names (Owner is `admin`). */
const roleField = z.preprocess((v) => (v === "" ? undefined : v), z.enum(ROLES, { message: "Choose Owner, Editor or Sales" }));

/** A new password typed twice. */
export function withConfirmation<T extends z.ZodRawShape>(shape: T, field: string) {
  return z
    .object({ ...shape, confirm_password: raw })
    .refine((v) => (v as Record<string, unknown>)[field] === (v as Record<string, unknown>).confirm_password, { path: ["confirm_password"], message: "Passwords do not match" });
}

/** An invitation: the address and the role the account gets (an Editor unless chosen: the least surprising for a new colleague). */
export const InviteSchema = z.object({ email: emailField, role: roleField.default("editor") });

/** An Owner gives a member another role on the Team page. */
export const SetRoleSchema = z.object({ role: roleField });

export const ForgotPasswordSchema = z.object({ email: emailField });

/** A password to confirm a sensitive change (turning two-factor on or off, new backup codes). */
export const PasswordConfirmSchema = z.object({
  password: raw.pipe(z.string().min(1, "Enter your password").max(LOGIN_PASSWORD_MAX, "Password must be less than 100 characters")),
});

/** Six digits from the authenticator app (spaces allowed, as apps show "123 456"). */
export const TotpCodeSchema = z.object({
  code: raw.transform((v) => v.replace(/\s+/g, "")).pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from your authenticator app")),
});

/** The second sign-in step: an app code or a backup code, and whether to trust this browser. */
export const SecondFactorSchema = z
  .object({
    method: z.enum(["totp", "backup"]).catch("totp"),
    code: raw.transform((v) => v.trim()),
    trust_device: raw.transform((v) => v === "on" || v === "true"),
  })
  .superRefine((v, ctx) => {
    if (v.method === "totp" && !/^\d{6}$/.test(v.code.replace(/\s+/g, ""))) {
      ctx.addIssue({ code: "custom", path: ["code"], message: "Enter the 6-digit code from your authenticator app" });
    }
    if (v.method === "backup" && !/^[A-Za-z0-9-]{6,40}$/.test(v.code)) {
      ctx.addIssue({ code: "custom", path: ["code"], message: "Enter one of your backup codes" });
    }
  })
  .transform((v) => ({ ...v, code: v.method === "totp" ? v.code.replace(/\s+/g, "") : v.code }));
