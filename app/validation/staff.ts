import { z } from "zod";
import { LOGIN_EMAIL_MAX, LOGIN_PASSWORD_MAX } from "./constants";
import { requiredText } from "./fields";
import { NewPasswordSchema } from "./password-policy";

// Staff accounts (docs/product.md#staff-accounts): invites, password recovery and change, two-factor codes.

const raw = z.preprocess((v) => (v === undefined || v === null ? "" : v), z.string());

export const emailField = raw
  .transform((v) => v.trim())
  .pipe(z.string().max(LOGIN_EMAIL_MAX, "Email must be less than 255 characters").pipe(z.email("Invalid email address")))
  .transform((v) => v.toLowerCase());

const newPassword = raw.pipe(NewPasswordSchema);

/** A new password typed twice. */
function withConfirmation<T extends z.ZodRawShape>(shape: T, field: string) {
  return z
    .object({ ...shape, confirm_password: raw })
    .refine((v) => (v as Record<string, unknown>)[field] === (v as Record<string, unknown>).confirm_password, { path: ["confirm_password"], message: "Passwords do not match" });
}

export const InviteSchema = z.object({ email: emailField });

export const AcceptInviteSchema = withConfirmation(
  { token: raw.pipe(z.string().min(1, "This invitation link is invalid")), full_name: requiredText("Full name is required", 100, "Full name"), password: newPassword },
  "password",
);

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetPasswordSchema = withConfirmation({ token: raw.pipe(z.string().min(1, "This reset link is invalid")), password: newPassword }, "password");

export const ChangePasswordSchema = withConfirmation(
  { current_password: raw.pipe(z.string().min(1, "Enter your current password").max(LOGIN_PASSWORD_MAX, "Password must be less than 100 characters")), new_password: newPassword },
  "new_password",
);

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
