import { describe, expect, it } from "vitest";
import { LOGIN_PASSWORD_MIN, NEW_PASSWORD_MIN, PASSWORD_TOO_COMMON, PASSWORD_TOO_LONG, PASSWORD_TOO_SHORT } from "./constants";
import { isCommonPassword, newPasswordProblem } from "./password-policy";
import { AcceptInviteSchema, ChangePasswordSchema, ResetPasswordSchema } from "./new-password";

describe("the password policy", () => {
  it("asks at least the sign-in minimum, 8 characters, and says so", () => {
    expect(NEW_PASSWORD_MIN).toBeGreaterThanOrEqual(LOGIN_PASSWORD_MIN);
    expect(NEW_PASSWORD_MIN).toBe(8);
    expect(newPasswordProblem("abc12")).toBe("Password must be at least 8 characters");
    expect(newPasswordProblem("x".repeat(101))).toBe(PASSWORD_TOO_LONG);
  });

  it("refuses the most common passwords whatever their case, and says why", () => {
    for (const password of ["password", "PASSWORD", "Password1", "12345678", "qwertyuiop", "iloveyou"]) {
      expect(newPasswordProblem(password), password).toBe("This password is too common. Choose one that is harder to guess.");
    }
    expect(isCommonPassword("password")).toBe(true);
  });

  it("takes a long password no list holds", () => {
    for (const password of ["correct-horse-battery", "ތަރައްޤީ-2026-atoll", "a-strong-pass"]) expect(newPasswordProblem(password), password).toBeNull();
  });

  it("is the rule of every form that sets a password", () => {
    const invite = AcceptInviteSchema.safeParse({ token: "t", full_name: "A", password: "password", confirm_password: "password" });
    const reset = ResetPasswordSchema.safeParse({ token: "t", password: "Password", confirm_password: "Password" });
    const change = ChangePasswordSchema.safeParse({ current_password: "x", new_password: "password1", confirm_password: "password1" });
    expect(invite.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["password", PASSWORD_TOO_COMMON]]);
    expect(reset.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["password", PASSWORD_TOO_COMMON]]);
    expect(change.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([["new_password", PASSWORD_TOO_COMMON]]);
    expect(ResetPasswordSchema.safeParse({ token: "t", password: "short", confirm_password: "short" }).error?.issues[0]?.message).toBe(PASSWORD_TOO_SHORT);
  });
});
