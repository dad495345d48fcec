import * as OTPAuth from "otpauth";
import { afterAll, describe, expect, it } from "vitest";
import { auth } from "~/.server/auth/auth";
import { db } from "~/.server/db";
import { mailQueueIdle, processMailQueue } from "~/.server/mail/mail-queue";
import { setMailSenderForTests } from "~/.server/mail/mailer";
import { getProfile } from "~/.server/models/profiles";
import { changeRole } from "~/.server/models/team";
import { updateSetting } from "~/.server/models/settings";
import { action as acceptAction, loader as acceptLoader } from "~/routes/auth/accept-invite";
import { action as forgotAction } from "~/routes/auth/forgot-password";
import { action as loginAction } from "~/routes/auth/login";
import { action as resetAction, loader as resetLoader } from "~/routes/auth/reset-password";
import { action as secondStepAction, loader as secondStepLoader } from "~/routes/auth/two-factor";
import { action as apiAuthAction, loader as apiAuthLoader } from "~/routes/api/auth";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as profileAction, loader as profileLoader } from "~/routes/admin/profile";
import { action as servicesAction } from "~/routes/admin/services";
import { action as settingsAction } from "~/routes/admin/settings";
import TeamPage, { action as teamAction, loader as teamLoader } from "~/routes/admin/team";
import { action as twoFactorAction, loader as twoFactorLoader } from "~/routes/admin/two-factor";
import { PASSWORD_TOO_SHORT } from "~/validation/constants";
import { ADMIN_PASSWORD, createAdmin, createMember } from "../factories";
import { useTestDatabase } from "../setup/database";
import { decodedText, useSmtpSink } from "../setup/smtp-sink";
import { runAdminCommand } from "./admin-command";
import { adminSession, call, decodeHtml, getRequest, ORIGIN, postRequest, renderPage, signInCookie } from "./admin-support";

// Vitest shares modules between files here (isolate: false): the mail sender this file sets must not outlive it.
afterAll(() => setMailSenderForTests(undefined));

const database = useTestDatabase();

const sink = useSmtpSink();

/** Sends what is queued: the background run started by enqueueMail, then anything still due. */
async function drain() {
  await mailQueueIdle();
  await processMailQueue(sink.sender);
}

/** Without SMTP_URL in the test environment, no email is configured unless a test says so. */
const noEmail = () => setMailSenderForTests(null);
const withEmail = () => setMailSenderForTests(sink.sender);

const cookiesOf = (headers: Headers | undefined) =>
  (headers?.getSetCookie() ?? [])
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");

let ipSeq = 0;
const freshIp = () => `198.51.100.${++ipSeq}`;

function form(path: string, fields: Record<string, string>, extra: Record<string, string> = {}) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return new Request(`${ORIGIN}${path}`, { method: "POST", body, headers: { origin: ORIGIN, "x-client-ip": freshIp(), "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36", ...extra } });
}

async function isSignedInAdmin(cookie: string) {
  const answer = await call(dashboardLoader, getRequest("/admin/dashboard", cookie));
  return answer.status === 200;
}

/** The invite link the Team page shows when email is not configured. */
async function inviteLink(cookie: string, email: string) {
  noEmail();
  const answer = await call(teamAction, postRequest("/admin/team", { intent: "invite", email }, cookie));
  expect(answer.status).toBe(200);
  const link = String(answer.data.link);
  expect(link).toMatch(/^http:\/\/localhost:3000\/admin\/accept-invite\?token=/);
  return new URL(link).searchParams.get("token") ?? "";
}

describe("invites", () => {
  it("without SMTP the link is shown; the invitee sets a name and password, becomes an admin and signs in", async () => {
    const { cookie } = await adminSession();
    const token = await inviteLink(cookie, "New.Person@Example.com");
    expect((await call(teamLoader, getRequest("/admin/team", cookie))).data.invites).toMatchObject([{ email: "new.person@example.com" }]);

    const page = await call(acceptLoader, getRequest(`/admin/accept-invite?token=${token}`));
    expect(page.data).toMatchObject({ email: "new.person@example.com" });

    // The address is always the invite's own: an email field in the form changes nothing.
    const accepted = await call(acceptAction, form("/admin/accept-invite", { token, full_name: "Aminath Riza", password: "a-strong-pass", confirm_password: "a-strong-pass", email: "someone.else@example.com" }));
    expect(accepted.status).toBe(200);
    expect(accepted.data).toMatchObject({ done: true, email: "new.person@example.com" });
    const session = await signInCookie("new.person@example.com", "a-strong-pass");
    expect(await isSignedInAdmin(session)).toBe(true);
    expect(await (await auth().$context).internalAdapter.findUserByEmail("someone.else@example.com")).toBeNull();
    const team = await call(teamLoader, getRequest("/admin/team", cookie));
    expect((team.data.admins as Array<{ name: string }>).map((a) => a.name)).toContain("Aminath Riza");
    expect(team.data.invites).toEqual([]);
  });

  it("a link works once", async () => {
    const { cookie } = await adminSession();
    const token = await inviteLink(cookie, "once@example.com");
    const fields = { token, full_name: "Once", password: "a-strong-pass", confirm_password: "a-strong-pass" };
    expect((await call(acceptAction, form("/admin/accept-invite", fields))).status).toBe(200);
    const again = await call(acceptAction, form("/admin/accept-invite", { ...fields, password: "another-pass", confirm_password: "another-pass" }));
    expect(again.status).toBe(400);
    expect(again.data.formError).toMatch(/invalid or has expired/);
    expect((await call(acceptLoader, getRequest(`/admin/accept-invite?token=${token}`))).data).toMatchObject({ email: null });
    // The first password stands.
    await expect(signInCookie("once@example.com", "a-strong-pass")).resolves.toBeTruthy();
    await expect(signInCookie("once@example.com", "another-pass")).rejects.toThrow();
  });

  it("a link expires after 72 hours, and a revoked or resent (old) link stops working", async () => {
    const { cookie } = await adminSession();
    const expired = await inviteLink(cookie, "late@example.com");
    await db().updateTable("invites").set({ expires_at: Date.now() - 1 }).where("email", "=", "late@example.com").execute();
    const fields = (token: string) => ({ token, full_name: "X", password: "a-strong-pass", confirm_password: "a-strong-pass" });
    expect((await call(acceptAction, form("/admin/accept-invite", fields(expired)))).status).toBe(400);

    const revoked = await inviteLink(cookie, "revoked@example.com");
    const [pending] = (await call(teamLoader, getRequest("/admin/team", cookie))).data.invites as Array<{ id: string }>;
    expect((await call(teamAction, postRequest("/admin/team", { intent: "revoke-invite", id: pending.id }, cookie))).status).toBe(200);
    expect((await call(acceptAction, form("/admin/accept-invite", fields(revoked)))).status).toBe(400);

    const old = await inviteLink(cookie, "resent@example.com");
    const [again] = (await call(teamLoader, getRequest("/admin/team", cookie))).data.invites as Array<{ id: string }>;
    const resent = await call(teamAction, postRequest("/admin/team", { intent: "resend-invite", id: again.id }, cookie));
    const fresh = new URL(String(resent.data.link)).searchParams.get("token") ?? "";
    expect(fresh).not.toBe(old);
    expect((await call(acceptAction, form("/admin/accept-invite", fields(old)))).status).toBe(400);
    expect((await call(acceptAction, form("/admin/accept-invite", fields(fresh)))).status).toBe(200);
    for (const email of ["late@example.com", "revoked@example.com"]) {
      expect(await (await auth().$context).internalAdapter.findUserByEmail(email)).toBeNull();
    }
  });

  it("with SMTP the invite is emailed through the queue in the company's name, and the link is not shown", async () => {
    const { cookie } = await adminSession();
    withEmail();
    const answer = await call(teamAction, postRequest("/admin/team", { intent: "invite", email: "mailed@example.com" }, cookie));
    expect(answer.status).toBe(200);
    expect(answer.data.link).toBeUndefined();
    await drain();
    expect(sink.received).toHaveLength(1);
    const mail = decodedText(sink.received[0]);
    expect(mail).toMatch(/To: mailed@example\.com/);
    expect(mail).toMatch(/Atoll Construction & Services/);
    expect(mail).toMatch(/text\/html/);
    const token = /accept-invite\?token=([\w-]+)/.exec(mail)?.[1] ?? "";
    expect((await call(acceptLoader, getRequest(`/admin/accept-invite?token=${token}`))).data).toMatchObject({ email: "mailed@example.com" });
  });

  it("an invitation the mail server refuses is shown as not sent, with the link to copy; one refused for now is sent later", async () => {
    const { cookie } = await adminSession();
    withEmail();
    const invites = async () => (await call(teamLoader, getRequest("/admin/team", cookie))).data.invites as Array<{ email: string; emailDelivery: unknown }>;
    const deliveryOf = async (email: string) => (await invites()).find((invite) => invite.email === email)?.emailDelivery;

    sink.refuse = "permanent";
    const refused = await call(teamAction, postRequest("/admin/team", { intent: "invite", email: "refused@example.com" }, cookie));
    expect(refused.status).toBe(200);
    expect(refused.data).toMatchObject({ ok: true, pending: true, message: "The invitation to refused@example.com is not sent yet" });
    expect(refused.data.detail).toMatch(/^The mail server refused it \(.*Mailbox unavailable\)\. You can also copy the link below/);
    expect(String(refused.data.link)).toMatch(/\/admin\/accept-invite\?token=/);
    expect(await deliveryOf("refused@example.com")).toEqual({ status: "failed", error: expect.stringContaining("Mailbox unavailable") });

    sink.refuse = "temporary";
    const later = await call(teamAction, postRequest("/admin/team", { intent: "invite", email: "later@example.com" }, cookie));
    expect(later.data).toMatchObject({ ok: true, pending: true, message: "The invitation to later@example.com is not sent yet" });
    expect(later.data.detail).toMatch(/^The mail server did not take it yet \(.*try again later\)\. It is tried again over the next minutes\./);
    expect(await deliveryOf("later@example.com")).toEqual({ status: "pending", error: expect.stringContaining("try again later") });
    const html = decodeHtml(renderPage(TeamPage as never, "/admin/team", (await call(teamLoader, getRequest("/admin/team", cookie))).data));
    expect(html).toMatch(/refused@example\.com<\/span>[^]*?>Email not sent<\/span>[^]*?Mailbox unavailable/);
    expect(html).toMatch(/later@example\.com<\/span>[^]*?>Email sending<\/span>[^]*?try again later/);

    sink.refuse = false;
    await db().updateTable("mail_outbox").set({ next_attempt_at: 0 }).where("to_address", "=", "later@example.com").execute();
    await drain();
    expect(await deliveryOf("later@example.com")).toEqual({ status: "sent", error: null });
    expect(sink.received.map((raw) => /^To: (.*)$/m.exec(raw)?.[1])).toEqual(["later@example.com"]);

    // Resending makes a new email, which the row follows.
    const again = (await invites()).find((invite) => invite.email === "refused@example.com") as unknown as { id: string };
    const resent = await call(teamAction, postRequest("/admin/team", { intent: "resend-invite", id: again.id }, cookie));
    expect(resent.data).toMatchObject({ ok: true, message: "Invitation sent again" });
    expect(resent.data.link).toBeUndefined();
    expect(await deliveryOf("refused@example.com")).toEqual({ status: "sent", error: null });
  });

  it("refuses bad input with field errors and changes nothing", async () => {
    const { cookie } = await adminSession();
    const bad = await call(teamAction, postRequest("/admin/team", { intent: "invite", email: "not-an-email" }, cookie));
    expect(bad.status).toBe(400);
    expect(bad.data.fieldErrors).toMatchObject({ email: "Invalid email address" });
    const token = await inviteLink(cookie, "fields@example.com");
    const mismatch = await call(acceptAction, form("/admin/accept-invite", { token, full_name: "", password: "short", confirm_password: "other" }));
    expect(mismatch.status).toBe(400);
    expect(mismatch.data.fieldErrors).toMatchObject({ full_name: "Full name is required", password: PASSWORD_TOO_SHORT });
    expect((await call(acceptLoader, getRequest(`/admin/accept-invite?token=${token}`))).data).toMatchObject({ email: "fields@example.com" });
  });
});

describe("removing access", () => {
  it("the last admin can never be removed, from the Team page or the admin command's function", async () => {
    const { admin, cookie } = await adminSession();
    const answer = await call(teamAction, postRequest("/admin/team", { intent: "remove-access", id: admin.id }, cookie));
    expect(answer.status).toBe(409);
    expect(answer.data.detail).toBe("The last Owner cannot be removed");
    expect(await changeRole(admin.id, null)).toEqual({ outcome: "last-owner" });
    expect((await getProfile(admin.id))?.role).toBe("admin");
    expect(await isSignedInAdmin(cookie)).toBe(true);
  });

  it("demotes and ends every session at once: the removed admin's open session is refused on the next request", async () => {
    const { cookie } = await adminSession();
    const other = await createAdmin();
    const otherCookie = await signInCookie(other.email);
    const otherSecond = await signInCookie(other.email);
    expect(await isSignedInAdmin(otherCookie)).toBe(true);

    const answer = await call(teamAction, postRequest("/admin/team", { intent: "remove-access", id: other.id }, cookie));
    expect(answer.status).toBe(200);
    expect(answer.data.message).toBe("Access removed");
    expect((await getProfile(other.id))?.role).toBeNull();
    for (const c of [otherCookie, otherSecond]) {
      expect((await call(dashboardLoader, getRequest("/admin/dashboard", c))).location).toMatch(/^\/admin\/login/);
      expect((await call(servicesAction, postRequest("/admin/services", { intent: "create", title: "Sneaky" }, c))).status).toBe(401);
    }
    expect(await db().selectFrom("session").select("id").where("userId", "=", other.id).execute()).toEqual([]);
    // And the remaining (now last) admin cannot be removed.
    expect(await changeRole((await call(teamLoader, getRequest("/admin/team", cookie))).data.currentUserId as string, null)).toEqual({ outcome: "last-owner" });
  });
});

describe("the Team and two-factor actions answer like every admin action", () => {
  // One helper for every admin write (docs/decisions/0028-one-message-mechanism.md): the same refusals, in these pages' words.
  const activity = () => db().selectFrom("activity_log").select("action").where("kind", "=", "security").where("action", "like", "team.%").execute();
  const notAForm = (path: string, cookie: string) =>
    new Request(`${ORIGIN}${path}`, { method: "POST", body: "{not a form", headers: { cookie, origin: ORIGIN, "content-type": "multipart/form-data; boundary=x" } });

  it("Team: no id 400 'No {invitation|admin} was given', a malformed one 404, an unknown intent 400, nothing changed or logged", async () => {
    const { admin, cookie } = await adminSession();
    const other = await createAdmin();
    await inviteLink(cookie, "pending@example.com");
    const before = await activity();
    const cases: Array<[Record<string, string>, number, Record<string, unknown>]> = [
      [{ intent: "resend-invite" }, 400, { ok: false, intent: "resend-invite", message: "Failed to resend invitation", detail: "No invitation was given" }],
      [{ intent: "revoke-invite", id: "../invites" }, 404, { ok: false, message: "Failed to revoke invitation", detail: "Invitation not found" }],
      [{ intent: "remove-access", id: "" }, 400, { ok: false, message: "Failed to remove access", detail: "No team member was given" }],
      [{ intent: "remove-access", id: "no such person!" }, 404, { ok: false, message: "Failed to remove access", detail: "Team member not found" }],
      [{ intent: "remove-access", id: "no-such-person" }, 404, { ok: false, message: "Failed to remove access", detail: "This person is not on the team" }],
      [{ intent: "revoke-invite", id: "no-such-invite" }, 404, { ok: false, message: "Failed to revoke invitation", detail: "This invitation is no longer pending" }],
      [{ intent: "promote", id: other.id }, 400, { ok: false, intent: "promote", message: "Unknown action" }],
      [{ email: "someone@example.com" }, 400, { ok: false, intent: "", message: "Unknown action" }],
    ];
    for (const [fields, status, data] of cases) {
      expect(await call(teamAction, postRequest("/admin/team", fields, cookie)), JSON.stringify(fields)).toMatchObject({ status, data });
    }
    const unreadable = await call(teamAction, notAForm("/admin/team", cookie));
    expect(unreadable).toMatchObject({ status: 400, data: { ok: false, message: "The request was not a form" } });
    expect(unreadable.data).not.toHaveProperty("detail");
    expect(await activity()).toEqual(before);
    const team = (await call(teamLoader, getRequest("/admin/team", cookie))).data;
    expect((team.admins as Array<{ id: string }>).map((a) => a.id).sort()).toEqual([admin.id, other.id].sort());
    expect(team.invites).toMatchObject([{ email: "pending@example.com" }]);
  });

  it("Two-factor: the account is the session's, never a posted id; refusals keep their words and statuses", async () => {
    const { admin, cookie } = await adminSession();
    const other = await createAdmin();
    const post = (fields: Record<string, string>) => call(twoFactorAction, postRequest("/admin/profile/two-factor", fields, cookie));
    expect(await post({ intent: "regenerate", password: ADMIN_PASSWORD })).toMatchObject({
      status: 400,
      data: { ok: false, message: "Failed to create new backup codes", detail: "Two-factor is not on" },
    });
    expect(await post({ intent: "start", password: "" })).toMatchObject({ status: 400, data: { message: "Failed to set up two-factor", fieldErrors: { password: "Enter your password" } } });
    expect(await post({ intent: "confirm", code: "12" })).toMatchObject({
      status: 400,
      data: { message: "Failed to turn on two-factor", fieldErrors: { code: "Enter the 6-digit code from your authenticator app" } },
    });
    expect(await post({ intent: "switch-off" })).toMatchObject({ status: 400, data: { ok: false, intent: "switch-off", message: "Unknown action" } });
    const unreadable = await call(twoFactorAction, notAForm("/admin/profile/two-factor", cookie));
    expect(unreadable).toMatchObject({ status: 400, data: { ok: false, message: "The request was not a form" } });

    // An id in the form changes nothing: set-up starts for the signed-in admin and is logged on them.
    const started = await post({ intent: "start", password: ADMIN_PASSWORD, id: other.id });
    expect(started).toMatchObject({ status: 200, data: { ok: true, message: "Scan the QR code, then enter a code to finish" } });
    const entries = await db().selectFrom("activity_log").select(["action", "entity_id"]).where("action", "like", "two-factor.%").execute();
    expect(entries).toEqual([{ action: "two-factor.setup-start", entity_id: admin.id }]);
  });
});

describe("npm run admin -- demote", () => {
  const run = (args: string[]) => runAdminCommand(database, args);

  it("refuses the last admin and demotes (signing out) any other", async () => {
    const { admin, cookie } = await adminSession();
    const refused = await run(["demote", "--email", admin.email]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is the last Owner and cannot be demoted");
    expect((await getProfile(admin.id))?.role).toBe("admin");
    expect(await isSignedInAdmin(cookie)).toBe(true);

    const other = await createAdmin();
    const otherCookie = await signInCookie(other.email);
    const demoted = await run(["demote", "--email", other.email]);
    expect(demoted.code).toBe(0);
    expect((await getProfile(other.id))?.role).toBeNull();
    expect(await isSignedInAdmin(otherCookie)).toBe(false);
    // Two tsx start-ups: slow on a busy machine.
  }, 120_000);
});

describe("forgot and reset password", () => {
  async function requestReset(email: string, ip = freshIp()) {
    return call(forgotAction, form("/admin/forgot-password", { email }, { "x-client-ip": ip }));
  }
  async function resetLinkFor(email: string) {
    withEmail();
    const answer = await requestReset(email);
    expect(answer.status).toBe(200);
    await drain();
    // The reset email to this address (a sign-in notice may arrive around it).
    const mail = sink.received
      .map(decodedText)
      .reverse()
      .find((m) => /reset-password\?token=/.test(m) && new RegExp(`To: ${email.replace(".", "\\.")}`).test(m));
    expect(mail).toBeDefined();
    return /reset-password\?token=([\w-]+)/.exec(mail ?? "")?.[1] ?? "";
  }

  it("answers the same whether or not the address exists, and emails only a real account", async () => {
    const admin = await createAdmin();
    withEmail();
    const known = await requestReset(admin.email);
    const unknown = await requestReset("nobody@example.com");
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.data).toEqual(unknown.data);
    await drain();
    expect(sink.received).toHaveLength(1);
    expect(decodedText(sink.received[0])).toMatch(/Reset your password/);
  });

  it("a reset link works once, sets the password of its own account only, and ends that account's sessions", async () => {
    const admin = await createAdmin();
    const bystander = await createAdmin();
    const openSession = await signInCookie(admin.email);
    const token = await resetLinkFor(admin.email);
    expect((await call(resetLoader, getRequest(`/admin/reset-password?token=${token}`))).data).toMatchObject({ valid: true });

    const done = await call(resetAction, form("/admin/reset-password", { token, password: "brand-new-pass", confirm_password: "brand-new-pass" }));
    expect(done.data).toMatchObject({ done: true });
    await expect(signInCookie(admin.email, "brand-new-pass")).resolves.toBeTruthy();
    await expect(signInCookie(admin.email, ADMIN_PASSWORD)).rejects.toThrow();
    await expect(signInCookie(bystander.email, ADMIN_PASSWORD)).resolves.toBeTruthy();
    expect(await isSignedInAdmin(openSession)).toBe(false);

    const again = await call(resetAction, form("/admin/reset-password", { token, password: "third-password", confirm_password: "third-password" }));
    expect(again.status).toBe(400);
    await expect(signInCookie(admin.email, "third-password")).rejects.toThrow();

    // "Your password was changed" follows through the queue.
    await drain();
    expect(decodedText(sink.received.at(-1) ?? "")).toMatch(/Your password was changed/);
  });

  it("a reset link expires after 1 hour", async () => {
    const admin = await createAdmin();
    const token = await resetLinkFor(admin.email);
    const row = await db().selectFrom("verification" as never).selectAll().execute();
    expect(row.length).toBeGreaterThan(0);
    await db()
      .updateTable("verification" as never)
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() } as never)
      .execute();
    expect((await call(resetLoader, getRequest(`/admin/reset-password?token=${token}`))).data).toMatchObject({ valid: false });
    const answer = await call(resetAction, form("/admin/reset-password", { token, password: "brand-new-pass", confirm_password: "brand-new-pass" }));
    expect(answer.status).toBe(400);
    await expect(signInCookie(admin.email, ADMIN_PASSWORD)).resolves.toBeTruthy();
  });

  it("is limited per address and per IP", async () => {
    const admin = await createAdmin();
    withEmail();
    for (let i = 0; i < 3; i++) expect((await requestReset(admin.email)).status).toBe(200);
    expect((await requestReset(admin.email)).status).toBe(429);
    const ip = freshIp();
    for (let i = 0; i < 5; i++) expect((await requestReset(`someone${i}@example.com`, ip)).status).toBe(200);
    expect((await requestReset("someone-else@example.com", ip)).status).toBe(429);
    // The API path has the same limits.
    const api = await call(apiAuthAction, new Request(`${ORIGIN}/api/auth/request-password-reset`, { method: "POST", body: JSON.stringify({ email: admin.email }), headers: { "content-type": "application/json", origin: ORIGIN, "x-client-ip": freshIp() } }));
    expect(api.status).toBe(429);
  });
});

describe("change password and sessions (Profile)", () => {
  it("needs the current password; then the new one works and the other sessions end", async () => {
    const { admin, cookie } = await adminSession();
    const other = await signInCookie(admin.email);
    const wrong = await call(profileAction, postRequest("/admin/profile", { intent: "change-password", current_password: "wrong-password", new_password: "brand-new-pass", confirm_password: "brand-new-pass" }, cookie));
    expect(wrong.status).toBe(400);
    expect(wrong.data.fieldErrors).toMatchObject({ current_password: "Current password is incorrect" });
    await expect(signInCookie(admin.email, ADMIN_PASSWORD)).resolves.toBeTruthy();

    const changed = await call(profileAction, postRequest("/admin/profile", { intent: "change-password", current_password: ADMIN_PASSWORD, new_password: "brand-new-pass", confirm_password: "brand-new-pass" }, cookie));
    expect(changed.status).toBe(200);
    const renewed = cookiesOf(changed.headers);
    expect(await isSignedInAdmin(renewed)).toBe(true);
    expect(await isSignedInAdmin(other)).toBe(false);
    await expect(signInCookie(admin.email, "brand-new-pass")).resolves.toBeTruthy();
  });

  it("a change through /api/auth/change-password also emails the account and is in the activity log", async () => {
    const { admin, cookie } = await adminSession();
    withEmail();
    const api = (body: unknown) =>
      call(apiAuthAction, new Request(`${ORIGIN}/api/auth/change-password`, { method: "POST", body: JSON.stringify(body), headers: { "content-type": "application/json", origin: ORIGIN, cookie, "x-client-ip": freshIp() } }));
    expect((await api({ currentPassword: "wrong-password", newPassword: "brand-new-pass" })).status).toBe(400);
    await drain();
    expect(sink.received).toEqual([]);

    expect((await api({ currentPassword: ADMIN_PASSWORD, newPassword: "brand-new-pass", revokeOtherSessions: true })).status).toBe(200);
    await drain();
    expect(sink.received).toHaveLength(1);
    expect(decodedText(sink.received[0])).toMatch(/Your password was changed/);
    const logged = await db().selectFrom("activity_log").select(["action", "actor_id"]).where("action", "=", "password.change").execute();
    expect(logged).toEqual([{ action: "password.change", actor_id: admin.id }]);
    await expect(signInCookie(admin.email, "brand-new-pass")).resolves.toBeTruthy();
  });

  it("lists the active sessions and signs out the others", async () => {
    const { admin, cookie } = await adminSession();
    const other = await signInCookie(admin.email);
    const page = await call(profileLoader, getRequest("/admin/profile", cookie));
    const sessions = page.data.sessions as Array<{ current: boolean; browser: string; ip: string }>;
    expect(sessions).toHaveLength(2);
    expect(sessions[0].current).toBe(true);
    const answer = await call(profileAction, postRequest("/admin/profile", { intent: "sign-out-others" }, cookie));
    expect(answer.data.message).toBe("Signed out 1 other session");
    expect(await isSignedInAdmin(other)).toBe(false);
    expect(await isSignedInAdmin(cookie)).toBe(true);
  });
});

describe("two-factor", () => {
  /** Turns two-factor on through the admin page as a person would; returns the app's secret and the backup codes. */
  async function enableTwoFactor(cookie: string) {
    const started = await call(twoFactorAction, postRequest("/admin/profile/two-factor", { intent: "start", password: ADMIN_PASSWORD }, cookie));
    expect(started.status).toBe(200);
    const setup = started.data.setup as { qrSvg: string; secret: string; backupCodes: string[] };
    expect(setup.qrSvg).toMatch(/^<svg/);
    expect(setup.backupCodes).toHaveLength(10);
    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(setup.secret), digits: 6, period: 30 });
    const confirmed = await call(twoFactorAction, postRequest("/admin/profile/two-factor", { intent: "confirm", code: totp.generate() }, cookie));
    expect(confirmed.status).toBe(200);
    return { totp, backupCodes: setup.backupCodes, cookie: cookiesOf(confirmed.headers) };
  }

  async function passwordStep(email: string) {
    const answer = await call(loginAction, form("/admin/login", { email, password: ADMIN_PASSWORD }));
    expect(answer.status).toBe(302);
    expect(answer.location).toMatch(/^\/admin\/login\/two-factor/);
    return cookiesOf(answer.headers);
  }

  it("the password alone gives no session, on the login form and on /api/auth/* directly", async () => {
    const { admin, cookie } = await adminSession();
    await enableTwoFactor(cookie);

    const stepCookie = await passwordStep(admin.email);
    expect(stepCookie).toMatch(/two_factor=/);
    expect(stepCookie).not.toMatch(/session_token/);
    expect(await isSignedInAdmin(stepCookie)).toBe(false);

    // Our /api/auth/sign-in/email and better-auth's own handler both stop at the second step.
    const viaRoute = await call(apiAuthAction, new Request(`${ORIGIN}/api/auth/sign-in/email`, { method: "POST", body: JSON.stringify({ email: admin.email, password: ADMIN_PASSWORD }), headers: { "content-type": "application/json", origin: ORIGIN, "x-client-ip": freshIp() } }));
    expect(viaRoute.data).toMatchObject({ twoFactorRedirect: true });
    expect(cookiesOf(viaRoute.headers)).not.toMatch(/session_token/);
    const viaHandler = await auth().handler(new Request(`${ORIGIN}/api/auth/sign-in/email`, { method: "POST", body: JSON.stringify({ email: admin.email, password: ADMIN_PASSWORD }), headers: { "content-type": "application/json", origin: ORIGIN } }));
    expect(await viaHandler.json()).toMatchObject({ twoFactorRedirect: true });
    const handlerCookies = cookiesOf(viaHandler.headers);
    expect(handlerCookies).not.toMatch(/session_token/);
    const session = await call(apiAuthLoader, new Request(`${ORIGIN}/api/auth/get-session`, { headers: { cookie: handlerCookies } }));
    expect(session.data).toBeNull();
    // A wrong code through the API gives nothing either.
    const wrong = await auth().handler(new Request(`${ORIGIN}/api/auth/two-factor/verify-totp`, { method: "POST", body: JSON.stringify({ code: "000000" }), headers: { "content-type": "application/json", origin: ORIGIN, cookie: handlerCookies } }));
    expect(wrong.status).toBe(401);
    expect(cookiesOf(wrong.headers)).not.toMatch(/session_token/);
  });

  it("signs in with a code from the app (trusting the device for 30 days) and with a backup code, once", async () => {
    const { admin, cookie } = await adminSession();
    const { totp, backupCodes } = await enableTwoFactor(cookie);

    let step = await passwordStep(admin.email);
    expect((await call(secondStepLoader, getRequest("/admin/login/two-factor", step))).status).toBe(200);
    const bad = await call(secondStepAction, form("/admin/login/two-factor", { method: "totp", code: "12345" }, { cookie: step }));
    expect(bad.status).toBe(400);
    const done = await call(secondStepAction, form("/admin/login/two-factor?redirectTo=/admin/services", { method: "totp", code: totp.generate(), trust_device: "on" }, { cookie: step }));
    expect(done.status).toBe(302);
    expect(done.location).toBe("/admin/services");
    const signedIn = cookiesOf(done.headers);
    expect(await isSignedInAdmin(signedIn)).toBe(true);
    expect(signedIn).toMatch(/trust_device=/);

    // The trusted browser skips the second step next time.
    const trust = signedIn.split("; ").filter((c) => c.includes("trust_device")).join("; ");
    const trusted = await call(loginAction, form("/admin/login", { email: admin.email, password: ADMIN_PASSWORD }, { cookie: trust }));
    expect(trusted.location).toBe("/admin/dashboard");

    step = await passwordStep(admin.email);
    const withBackup = await call(secondStepAction, form("/admin/login/two-factor", { method: "backup", code: backupCodes[0] }, { cookie: step }));
    expect(withBackup.status).toBe(302);
    expect(await isSignedInAdmin(cookiesOf(withBackup.headers))).toBe(true);

    step = await passwordStep(admin.email);
    const reused = await call(secondStepAction, form("/admin/login/two-factor", { method: "backup", code: backupCodes[0] }, { cookie: step }));
    expect(reused.status).toBe(401);
  });

  it("without the second-step cookie the step page sends back to sign-in", async () => {
    const answer = await call(secondStepLoader, getRequest("/admin/login/two-factor"));
    expect(answer.location).toBe("/admin/login");
  });

  it("'Require two-factor for Owners' sends an Owner without it to set it up before anything else", async () => {
    const { cookie } = await adminSession();
    // Turning it on needs two-factor on one's own account first.
    const refused = await call(settingsAction, postRequest("/admin/settings", { intent: "update", key: "require_two_factor_owner", value: "true" }, cookie));
    expect(refused.status).toBe(400);
    const secured = await adminSession();
    const { cookie: securedCookie } = await enableTwoFactor(secured.cookie);
    expect((await call(settingsAction, postRequest("/admin/settings", { intent: "update", key: "require_two_factor_owner", value: "true" }, securedCookie))).status).toBe(200);

    expect((await call(dashboardLoader, getRequest("/admin/dashboard", cookie))).location).toBe("/admin/profile/two-factor");
    expect((await call(servicesAction, postRequest("/admin/services", { intent: "create", title: "Blocked" }, cookie))).status).toBe(403);
    expect((await call(twoFactorLoader, getRequest("/admin/profile/two-factor", cookie))).data).toMatchObject({ enabled: false, required: true });
    expect(await isSignedInAdmin(securedCookie)).toBe(true);
    // Once set up, the admin gets in.
    const { cookie: nowSecured } = await enableTwoFactor(cookie);
    expect(await isSignedInAdmin(nowSecured)).toBe(true);
    await updateSetting("require_two_factor_owner", "false");
  });
});

describe("sign-in notices", () => {
  it("emails 'new sign-in from a new browser' for a browser the account has not used, not for the first or a known one", async () => {
    const admin = await createAdmin();
    withEmail();
    const signInWith = (ua: string) => call(loginAction, form("/admin/login", { email: admin.email, password: ADMIN_PASSWORD }, { "user-agent": ua }));
    const chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
    const firefox = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:131.0) Gecko/20100101 Firefox/131.0";
    expect((await signInWith(chrome)).status).toBe(302);
    expect((await signInWith(chrome.replace("130.0.0.0", "131.0.0.0"))).status).toBe(302);
    await drain();
    expect(sink.received).toHaveLength(0);
    expect((await signInWith(firefox)).status).toBe(302);
    await drain();
    expect(sink.received).toHaveLength(1);
    const mail = decodedText(sink.received[0]);
    expect(mail).toMatch(/New sign-in from a new browser/);
    expect(mail).toMatch(/Firefox on macOS/);
    const team = (await call(teamLoader, getRequest("/admin/team", await signInCookie(admin.email)))).data.admins as Array<{ lastSignInAt: string | null }>;
    expect(team[0].lastSignInAt).not.toBeNull();
  });

  it("a non-admin never gets past sign-in", async () => {
    const member = await createMember();
    const answer = await call(loginAction, form("/admin/login", { email: member.email, password: ADMIN_PASSWORD }));
    expect(answer.status).toBe(403);
  });
});
