import { describe, expect, it } from "vitest";
import { action, loader } from "~/routes/auth/login";
import { action as logout } from "~/routes/auth/logout";
import * as dashboard from "~/routes/admin/dashboard";
import { ADMIN_PASSWORD, createAdmin, createMember } from "../factories";
import { useTestDatabase } from "../setup/database";
import { flashForPage as rootLoader, redirectWithToast } from "~/.server/http/flash";
import { call, getRequest, postRequest, signInCookie } from "./admin-support";

useTestDatabase();

// The root loader (app/root.tsx) is flashForPage; root.tsx itself imports the island and cannot load here.
const callRoot = (request: Request) => call(({ request }: { request: Request }) => rootLoader(request), request);

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

  it("turns any ?redirectTo into a valid address of the admin: control and non-ASCII characters encoded, odd ones refused", async () => {
    const admin = await createAdmin();
    const cookie = await signInCookie(admin.email);
    // [the address as ?redirectTo carries it (before URL encoding), where the answer sends the browser]
    const cases: Array<[string, string]> = [
      ["/admin\u0000", "/admin"],
      ["/admin/a\u0000b", "/admin/a%00b"],
      ["/admin/services\r\nSet-Cookie: x=1", "/admin/servicesSet-Cookie:%20x=1"],
      ["/admin/\u0100", "/admin/%C4%80"],
      ["/admin/\u2028x", "/admin/%E2%80%A8x"],
      ["/admin/projects?q=\u00e9#top", "/admin/projects?q=%C3%A9#top"],
      ["/admin/../evil", "/admin/dashboard"],
      ["/admin/..//evil.example.com", "/admin/dashboard"],
      ["/admin/x/../login", "/admin/dashboard"],
      ["/adminish", "/admin/dashboard"],
    ];
    for (const [given, location] of cases) {
      const answer = await call(loader, getRequest(`/admin/login?redirectTo=${encodeURIComponent(given)}`, cookie));
      expect(answer, JSON.stringify(given)).toMatchObject({ status: 302, location });
    }
    // Signing in with such an address works too (it used to fail after the session was made).
    const ok = await call(action, postRequest("/admin/login?redirectTo=%2Fadmin%00", { email: admin.email, password: ADMIN_PASSWORD }));
    expect(ok).toMatchObject({ status: 302, location: "/admin" });
    expect(cookieOf(ok.headers)).toContain("session_token");
  });

  it("signs out: the session stops working and the login page is told, once, without a flag in the address", async () => {
    const admin = await createAdmin();
    const cookie = await signInCookie(admin.email);
    const answer = await call(logout, postRequest("/admin/logout", {}, cookie));
    expect(answer).toMatchObject({ status: 302, location: "/admin/login" });
    expect((await call(dashboard.loader, getRequest("/admin/dashboard", cookie))).status).toBe(302);

    // The redirect carries the message in a cookie only admin pages are sent...
    const flash = answer.headers?.getSetCookie().find((c) => c.startsWith("flash="));
    expect(flash).toMatch(/; Path=\/admin;/);
    expect(flash).toMatch(/HttpOnly/);
    const flashCookie = cookieOf(new Headers([["Set-Cookie", flash ?? ""]]));
    // ...which the next page reads and clears: it shows once.
    const next = await callRoot(getRequest("/admin/login", flashCookie));
    expect(next.data).toEqual({ flash: { id: expect.any(String), type: "success", title: "Signed Out", description: "You have been successfully signed out." } });
    const cleared = next.headers?.getSetCookie().find((c) => c.startsWith("flash="));
    expect(cleared).toMatch(/^flash=; /);
    expect(cleared).toMatch(/Max-Age=0/);
    // The browser sends no cookie after that: nothing to show again.
    expect((await callRoot(getRequest("/admin/login"))).data).toEqual({ flash: null });
  });

  it("shows a flash message on the next admin page, and never reads one on a public page", async () => {
    const admin = await createAdmin();
    const session = await signInCookie(admin.email);
    const redirect = await redirectWithToast("/admin/services", { type: "error", title: "Gone", description: "That service was deleted." });
    const flash = cookieOf(redirect.headers);
    expect(redirect.headers.get("Location")).toBe("/admin/services");

    // A public page neither reads nor clears it, so its response stays cacheable.
    const home = await callRoot(getRequest("/", `${session}; ${flash}`));
    expect(home.data).toEqual({ flash: null });
    expect(home.headers?.getSetCookie() ?? []).toEqual([]);

    const shown = await callRoot(getRequest("/admin/services", `${session}; ${flash}`));
    expect(shown.data).toMatchObject({ flash: { type: "error", title: "Gone", description: "That service was deleted." } });

    // A tampered cookie is no message (and is cleared).
    const [name, value] = flash.split("=");
    const forged = `${name}=${value.slice(0, -2)}${value.endsWith("A") ? "B" : "A"}`;
    const refused = await callRoot(getRequest("/admin/services", forged));
    expect(refused.data).toEqual({ flash: null });
    expect(refused.headers?.getSetCookie().some((c) => c.startsWith("flash=;"))).toBe(true);
  });
});
