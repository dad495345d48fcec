import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/auth/login";
import { action as logout } from "~/routes/auth/logout";
import * as dashboard from "~/routes/admin/dashboard";
import { ADMIN_PASSWORD, createAdmin, createMember } from "../factories";
import { useTestDatabase } from "../setup/database";
import { call, getRequest, postRequest, signInCookie } from "./admin-support";

useTestDatabase();

const cookieOf = (headers: Headers | undefined) =>
  (headers?.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");

describe("admin sign-in page", () => {
  it("checks the fields with the spec's messages on the server too", async () => {
    const cases: Array<[Record<string, string>, Record<string, string>]> = [
      [{ email: "not-an-email", password: "secret1" }, { email: "Invalid email address" }],
      [{ email: `${"a".repeat(250)}@example.com`, password: "secret1" }, { email: "Email must be less than 255 characters" }],
      [{ email: "a@example.com", password: "12345" }, { password: "Password must be at least 6 characters" }],
      [{ email: "a@example.com", password: "x".repeat(101) }, { password: "Password must be less than 100 characters" }],
      [{}, { email: "Invalid email address", password: "Password must be at least 6 characters" }],
    ];
    for (const [fields, errors] of cases) {
      const answer = await call(action, postRequest("/admin/login", fields));
      expect(answer.status, JSON.stringify(fields)).toBe(400);
      expect(answer.data.fieldErrors).toEqual(errors);
    }
  });

  it("signs an admin in (trimming the email), refuses a wrong password and a non-admin", async () => {
    const admin = await createAdmin();
    const member = await createMember();

    const wrong = await call(action, postRequest("/admin/login", { email: admin.email, password: "wrong-password" }));
    expect(wrong).toMatchObject({ status: 401, data: { formError: { title: "Sign In Failed", message: "Invalid email or password" } } });

    const notAdmin = await call(action, postRequest("/admin/login", { email: member.email, password: ADMIN_PASSWORD }));
    expect(notAdmin).toMatchObject({ status: 403, data: { formError: { title: "Sign In Failed", message: "This account does not have admin access." } } });

    const ok = await call(action, postRequest("/admin/login?redirectTo=%2Fadmin%2Fservices", { email: `  ${admin.email.toUpperCase()} `, password: ADMIN_PASSWORD }));
    expect(ok).toMatchObject({ status: 302, location: "/admin/services" });
    const cookie = cookieOf(ok.headers);
    expect(cookie).toContain("session_token");
    expect((await call(dashboard.loader, getRequest("/admin/dashboard", cookie))).status).toBe(200);
  });

  it("sends a signed-in admin on to the dashboard, never to another site", async () => {
    const admin = await createAdmin();
    const cookie = await signInCookie(admin.email);
    expect(await call(loader, getRequest("/admin/login", cookie))).toMatchObject({ status: 302, location: "/admin/dashboard" });
    expect(await call(loader, getRequest("/admin/login?redirectTo=//evil.example.com", cookie))).toMatchObject({ location: "/admin/dashboard" });
    expect(await call(loader, getRequest("/admin/login?redirectTo=/admin/projects", cookie))).toMatchObject({ location: "/admin/projects" });
    expect((await call(loader, getRequest("/admin/login"))).status).toBe(200);
  });

  it("signs out: the session stops working and the login page is told", async () => {
    const admin = await createAdmin();
    const cookie = await signInCookie(admin.email);
    const answer = await call(logout, postRequest("/admin/logout", {}, cookie));
    expect(answer).toMatchObject({ status: 302, location: "/admin/login?signedOut=1" });
    expect((await call(dashboard.loader, getRequest("/admin/dashboard", cookie))).status).toBe(302);
  });
});
