import { afterAll, describe, expect, it } from "vitest";
import { auth } from "~/.server/auth/auth";
import { db } from "~/.server/db";
import { action as profileAction } from "~/routes/admin/profile";
import { action as teamAction } from "~/routes/admin/team";
import { action as apiAuthAction } from "~/routes/api/auth";
import { action as acceptAction, loader as acceptLoader } from "~/routes/auth/accept-invite";
import { action as resetAction } from "~/routes/auth/reset-password";
import { setMailSenderForTests } from "~/.server/mail/mailer";
import { PASSWORD_TOO_COMMON } from "~/validation/constants";
import { ADMIN_PASSWORD, createAdmin } from "../factories";
import { useTestDatabase } from "../setup/database";
import { runAdminCommand } from "./admin-command";
import { adminSession, call, getRequest, ORIGIN, postRequest, signInCookie } from "./admin-support";

// Vitest shares modules between files here (isolate: false): the mail sender this file sets must not outlive it.
afterAll(() => setMailSenderForTests(undefined));

// One password policy wherever a password is set (docs/decisions/0073-one-password-policy.md): "password" is
// refused with the reason, and nothing changes.

const database = useTestDatabase();

const TOO_COMMON = "This password is too common. Choose one that is harder to guess.";

/** A reset link's token, as the emailed link carries it. */
async function resetToken(email: string): Promise<string> {
  await auth().api.requestPasswordReset({ body: { email } });
  const rows = await db().selectFrom("verification" as never).select("identifier" as never).execute();
  const identifier = (rows as Array<{ identifier: string }>).map((r) => r.identifier).find((i) => i.startsWith("reset-password:"));
  return identifier?.slice("reset-password:".length) ?? "";
}

const apiPost = (path: string, body: unknown, cookie?: string) =>
  call(apiAuthAction, new Request(`${ORIGIN}${path}`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", origin: ORIGIN, ...(cookie ? { cookie } : {}) } }));

describe("a common password is refused everywhere a password is set", () => {
  it("accepting an invite: the field says why, the invite stays open and no account is made", async () => {
    expect(PASSWORD_TOO_COMMON).toBe(TOO_COMMON);
    const { cookie } = await adminSession();
    setMailSenderForTests(null);
    const invited = await call(teamAction, postRequest("/admin/team", { intent: "invite", email: "colleague@example.com" }, cookie));
    const token = new URL(String(invited.data.link)).searchParams.get("token") ?? "";
    const answer = await call(acceptAction, postRequest("/admin/accept-invite", { token, full_name: "Colleague", password: "password", confirm_password: "password" }));
    expect(answer.status).toBe(400);
    expect(answer.data.fieldErrors).toEqual({ password: TOO_COMMON });
    expect(await (await auth().$context).internalAdapter.findUserByEmail("colleague@example.com")).toBeNull();
    expect((await call(acceptLoader, getRequest(`/admin/accept-invite?token=${token}`))).data).toMatchObject({ email: "colleague@example.com" });
  });

  it("resetting, on the page and on /api/auth/reset-password: refused, the link still good, the old password still works", async () => {
    const admin = await createAdmin();
    const token = await resetToken(admin.email);
    const page = await call(resetAction, postRequest("/admin/reset-password", { token, password: "Password", confirm_password: "Password" }));
    expect(page.status).toBe(400);
    expect(page.data.fieldErrors).toEqual({ password: TOO_COMMON });
    const api = await apiPost("/api/auth/reset-password", { token, newPassword: "password" });
    expect(api.status).toBe(400);
    expect(api.data).toMatchObject({ message: TOO_COMMON });
    await expect(signInCookie(admin.email, "password")).rejects.toThrow();
    await expect(signInCookie(admin.email, ADMIN_PASSWORD)).resolves.toBeTruthy();
    // The link was not used up by the refusals.
    const done = await call(resetAction, postRequest("/admin/reset-password", { token, password: "brand-new-pass", confirm_password: "brand-new-pass" }));
    expect(done.data).toMatchObject({ done: true });
  });

  it("changing it on the Profile page and on /api/auth/change-password: refused with the reason, the password unchanged", async () => {
    const { admin, cookie } = await adminSession();
    const page = await call(profileAction, postRequest("/admin/profile", { intent: "change-password", current_password: ADMIN_PASSWORD, new_password: "password", confirm_password: "password" }, cookie));
    expect(page.status).toBe(400);
    expect(page.data.fieldErrors).toEqual({ new_password: TOO_COMMON });
    const api = await apiPost("/api/auth/change-password", { currentPassword: ADMIN_PASSWORD, newPassword: "PASSWORD" }, cookie);
    expect(api.status).toBe(400);
    expect(api.data).toMatchObject({ message: TOO_COMMON });
    await expect(signInCookie(admin.email, "PASSWORD")).rejects.toThrow();
    await expect(signInCookie(admin.email, ADMIN_PASSWORD)).resolves.toBeTruthy();
  });

  it("npm run admin -- create and -- password: exit 1 with the reason, no account made, the password unchanged", async () => {
    const created = await runAdminCommand(database, ["create", "--email", "owner@example.com", "--password", "password"]);
    expect(created.code).toBe(1);
    expect(created.stderr).toContain(TOO_COMMON);
    expect(await (await auth().$context).internalAdapter.findUserByEmail("owner@example.com")).toBeNull();
    const admin = await createAdmin();
    const changed = await runAdminCommand(database, ["password", "--email", admin.email, "--password", "Password"]);
    expect(changed.code).toBe(1);
    expect(changed.stderr).toContain(TOO_COMMON);
    await expect(signInCookie(admin.email, ADMIN_PASSWORD)).resolves.toBeTruthy();
    // Two tsx start-ups: slow on a busy machine.
  }, 120_000);
});
