import { dictionary } from "@zxcvbn-ts/language-common";
import { z } from "zod";
import { LOGIN_PASSWORD_MAX, NEW_PASSWORD_MIN, PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "./constants";

// One policy for every new password: invite, reset, change (Profile and /api/auth/*) and `npm run admin`
// (docs/product.md#staff-accounts, docs/decisions/0073-one-password-policy.md). The list is zxcvbn-ts's
// "passwords-common" (about 49,000 passwords from leaked sets, most used first), shipped in its npm package.
// Only actions use it (through ./new-password.ts), so the list stays out of the browser's bundles; the browser checks
// the length (./constants) for feedback, and the server the list too.

let common: Set<string> | null = null;

/** Whether the password is on the list, whatever its case. Built on first use: the list is only needed when a password is set. */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"].filter((p) => p.length >= NEW_PASSWORD_MIN));
  return common.has(password.toLowerCase());
}

/** A new password: long enough, not too long, not a common one. Messages say why. */
export const NewPasswordSchema = z
  .string()
  .min(NEW_PASSWORD_MIN, PASSWORD_TOO_SHORT)
  .max(LOGIN_PASSWORD_MAX, PASSWORD_TOO_LONG)
  .refine((password) => !isCommonPassword(password), PASSWORD_TOO_COMMON);

/** Why a new password is refused, or null: for the places without a form (the admin command, the auth API). */
export function newPasswordProblem(password: string): string | null {
  return NewPasswordSchema.safeParse(password).error?.issues[0]?.message ?? null;
}
