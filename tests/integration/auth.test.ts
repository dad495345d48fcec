import { afterEach, describe, expect, it } from "vitest";
import { getOptionalUser, requireAdmin } from "~/.server/auth/access";
import { auth, CLIENT_IP_HEADER } from "~/.server/auth/auth";
import { db } from "~/.server/db";
import { env } from "~/.server/env";
import { requestContext } from "~/.server/logger";
import { signIn } from "~/.server/auth/sign-in";
import { ADMIN_PASSWORD, createAdmin, createMember } from "../factories";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const ORIGIN = "http://localhost:3000";
let ipCounter = 0;
const freshIp = () => `198.51.100.${++ipCounter % 250}-${Date.now()}`;

function request(path: string, init: { method?: string; cookie?: string; ip?: string } = {}) {
  const headers = new Headers({ origin: ORIGIN });
  if (init.cookie) headers.set("cookie", init.cookie);
  headers.set(CLIENT_IP_HEADER, init.ip ?? freshIp());
  return new Request(`${ORIGIN}${path}`, { method: init.method ?? "GET", headers });
}

const cookieOf = (headers: Headers) => headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");

async function adminCookie() {
  const admin = await createAdmin();
  const result = await signIn(request("/admin/login", { method: "POST" }), { email: admin.email, password: ADMIN_PASSWORD });
  if (!result.ok) throw new Error(result.message);
  return { admin, cookie: cookieOf(result.headers) };
}

async function thrown(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a throw");
}

const saved = { ip: env.LOGIN_IP_LIMIT, account: env.LOGIN_ACCOUNT_LIMIT };
afterEach(() => {
  env.LOGIN_IP_LIMIT = saved.ip;
  env.LOGIN_ACCOUNT_LIMIT = saved.account;
});

describe("requireAdmin and getOptionalUser", () => {
  it("returns the admin with profile for a valid admin session", async () => {
    const { admin, cookie } = await adminCookie();
    const user = await requireAdmin(request("/admin/dashboard", { cookie }));
    expect(user).toMatchObject({ id: admin.id, email: admin.email, role: "admin" });
    expect(user.profile?.role).toBe("admin");
  });

  it("redirects signed-out page requests to /admin/login and answers 401 to actions", async () => {
    const page = await thrown(requireAdmin(request("/admin/services")));
    expect((page as Response).status).toBe(302);
    expect((page as Response).headers.get("Location")).toBe("/admin/login?redirectTo=%2Fadmin%2Fservices");
    const action = (await thrown(requireAdmin(request("/admin/services", { method: "POST" })))) as { init: { status: number } };
    expect(action.init.status).toBe(401);
  });

  it("refuses a signed-in non-admin: redirect for pages, 403 for actions", async () => {
    const member = await createMember();
    const response = await auth().api.signInEmail({ body: { email: member.email, password: ADMIN_PASSWORD }, asResponse: true });
    const cookie = cookieOf(response.headers);
    expect((await getOptionalUser(request("/", { cookie })))?.role).toBeNull();
    const page = (await thrown(requireAdmin(request("/admin/dashboard", { cookie })))) as Response;
    expect(page.headers.get("Location")).toMatch(/^\/admin\/login/);
    const action = (await thrown(requireAdmin(request("/admin/projects", { method: "POST", cookie })))) as { init: { status: number } };
    expect(action.init.status).toBe(403);
  });

  it("treats a signed-out or expired session as no session", async () => {
    const { cookie } = await adminCookie();
    await auth().api.signOut({ headers: new Headers({ cookie }) });
    expect(await getOptionalUser(request("/", { cookie }))).toBeNull();

    const second = await adminCookie();
    await db().updateTable("session").set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).execute();
    expect(await getOptionalUser(request("/", { cookie: second.cookie }))).toBeNull();
    expect(await getOptionalUser(request("/", { cookie: "better-auth.session_token=garbage" }))).toBeNull();
  });

  it("looks the session up once for the loaders of one HTTP request; an action and the next request look again", async () => {
    // React Router gives each loader its own copy of the Request; server/app.ts runs each HTTP request in its own
    // requestContext (docs/decisions/0040-admin-save-path.md).
    const { admin, cookie } = await adminCookie();
    await requestContext.run({ requestId: "one" }, async () => {
      expect((await getOptionalUser(request("/admin/services", { cookie })))?.id).toBe(admin.id);
      await auth().api.signOut({ headers: new Headers({ cookie }) });
      // The page's loader, after the layout's, in the same request: the lookup made at the start of it.
      expect((await getOptionalUser(request("/admin/services", { cookie })))?.id).toBe(admin.id);
      // An action is never answered from that lookup: it sees the session as it is now.
      expect(await getOptionalUser(request("/admin/services", { method: "POST", cookie }))).toBeNull();
      // Another cookie in the same request is looked up on its own.
      const other = await adminCookie();
      expect((await getOptionalUser(request("/admin/services", { cookie: other.cookie })))?.id).toBe(other.admin.id);
    });
    await requestContext.run({ requestId: "two" }, async () => {
      expect(await getOptionalUser(request("/admin/services", { cookie }))).toBeNull();
    });
  });

  it("is exactly role 'admin': other roles are not admins", async () => {
    const member = await createMember();
    await db().updateTable("profiles").set({ role: "Admin" }).where("id", "=", member.id).execute();
    const response = await auth().api.signInEmail({ body: { email: member.email, password: ADMIN_PASSWORD }, asResponse: true });
    expect((await getOptionalUser(request("/", { cookie: cookieOf(response.headers) })))?.role).toBeNull();
  });
});

describe("signIn", () => {
  it("makes a new session at each sign-in", async () => {
    const admin = await createAdmin();
    const ip = freshIp();
    const a = await signIn(request("/", { method: "POST", ip }), { email: admin.email, password: ADMIN_PASSWORD });
    const b = await signIn(request("/", { method: "POST", ip }), { email: admin.email, password: ADMIN_PASSWORD });
    expect(a.ok && b.ok).toBe(true);
    if (a.ok && b.ok) expect(cookieOf(a.headers)).not.toBe(cookieOf(b.headers));
    expect(a.ok && a.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    expect(a.ok && a.headers.getSetCookie()[0]).toMatch(/SameSite=Lax/i);
  });

  it("answers an unknown email and a wrong password the same way", async () => {
    const admin = await createAdmin();
    const wrong = await signIn(request("/", { method: "POST" }), { email: admin.email, password: "wrong-password" });
    const unknown = await signIn(request("/", { method: "POST" }), { email: "nobody@example.com", password: "wrong-password" });
    expect(wrong).toEqual(unknown);
    expect(wrong).toMatchObject({ ok: false, status: 401 });
  });

  it("refuses a non-admin and leaves no session behind", async () => {
    const member = await createMember();
    const result = await signIn(request("/", { method: "POST" }), { email: member.email, password: ADMIN_PASSWORD });
    expect(result).toMatchObject({ ok: false, status: 403 });
    const sessions = await db().selectFrom("session").select("id").where("userId", "=", member.id).execute();
    expect(sessions).toHaveLength(0);
  });

  it("limits tries per IP (3 per 10 s by default)", async () => {
    const admin = await createAdmin();
    const ip = freshIp();
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await signIn(request("/", { method: "POST", ip }), { email: admin.email, password: "wrong-password" }));
    expect(results.map((r) => (r.ok ? 200 : r.status))).toEqual([401, 401, 401, 429]);
    // Another address is not affected.
    expect((await signIn(request("/", { method: "POST" }), { email: admin.email, password: ADMIN_PASSWORD })).ok).toBe(true);
  });

  it("locks an account after too many failures, even for the right password, from any IP", async () => {
    env.LOGIN_ACCOUNT_LIMIT = "3/3600";
    const admin = await createAdmin();
    for (let i = 0; i < 3; i++) await signIn(request("/", { method: "POST" }), { email: admin.email, password: "wrong-password" });
    const locked = await signIn(request("/", { method: "POST" }), { email: admin.email, password: ADMIN_PASSWORD });
    expect(locked).toMatchObject({ ok: false, status: 429 });
    expect(locked.ok ? "" : locked.message).toMatch(/Too many sign-in attempts/);
  });
});
