import { z } from "zod";
import { LOGIN_PASSWORD_MAX } from "./constants";
import { requiredText } from "./fields";
import { NewPasswordSchema } from "./password-policy";
import { raw, withConfirmation } from "./staff";

// The forms that set a password (docs/decisions/0073-one-password-policy.md): accepting an invite, a reset link and
// Change Password. Their routes use them in actions only, so the browser never loads the common-password list.

const newPassword = raw.pipe(NewPasswordSchema);

export const AcceptInviteSchema = withConfirmation(
  { token: raw.pipe(z.string().min(1, "This invitation link is invalid")), full_name: requiredText("Full name is required", 100, "Full name"), password: newPassword },
  "password",
);

export const ResetPasswordSchema = withConfirmation({ token: raw.pipe(z.string().min(1, "This reset link is invalid")), password: newPassword }, "password");

export const ChangePasswordSchema = withConfirmation(
  { current_password: raw.pipe(z.string().min(1, "Enter your current password").max(LOGIN_PASSWORD_MAX, "Password must be less than 100 characters")), new_password: newPassword },
  "new_password",
);
