import { drainErrorLogs } from "~/.server/logger";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import * as contactDetails from "~/routes/admin/contact-details";
import * as dashboard from "~/routes/admin/dashboard";
import * as projects from "~/routes/admin/projects";
import * as services from "~/routes/admin/services";
import * as settings from "~/routes/admin/settings";
import { ENGINE, useTestDatabase } from "../setup/database";
import * as twoFactor from "~/routes/admin/two-factor";
import { adminSession, call, getRequest, postRequest } from "./admin-support";

const database = useTestDatabase();

// docs/product.md#messages: a failed fetch is a message on the page ('Failed to fetch services', ...), not a 500.
describe("admin pages whose data cannot be read", () => {
  it("say 'Failed to fetch …' and still render", async () => {
    const { cookie } = await adminSession();
    const db = database.current().db;
    for (const table of ["services", "projects", "contact_details", "categories"]) {
      // Cascade on Postgres: versions and other tables refer to these.
      await sql`drop table ${sql.table(table)}${ENGINE === "postgres" ? sql` cascade` : sql``}`.execute(db);
    }
    await sql`drop table site_settings`.execute(db).catch(() => undefined);

    const s = await call<{ services: unknown; loadError: string; categories: unknown[] }>(services.loader, getRequest("/admin/services", cookie));
    expect(s).toMatchObject({ status: 200, data: { services: null, loadError: "Failed to fetch services", categories: [] } });
    const p = await call(projects.loader, getRequest("/admin/projects", cookie));
    expect(p).toMatchObject({ status: 200, data: { projects: null, loadError: "Failed to fetch projects" } });
    const c = await call(contactDetails.loader, getRequest("/admin/contact-details", cookie));
    expect(c).toMatchObject({ status: 200, data: { details: null, loadError: "Failed to fetch contact details" } });
    const st = await call<{ settings: Record<string, string>; loadError: string }>(settings.loader, getRequest("/admin/settings", cookie));
    expect(st).toMatchObject({ status: 200, data: { loadError: "Failed to fetch site settings", settings: { header_logo_type: "text" } } });
    // Each failure is logged with its cause, for the operator.
    const logged = drainErrorLogs();
    expect(logged.map((l) => l.msg)).toEqual(expect.arrayContaining(["admin services fetch failed", "admin projects fetch failed"]));
    expect(logged.every((l) => typeof (l.err as { stack?: unknown })?.stack === "string")).toBe(true);
  });
});

// docs/decisions/0079-two-factor-requirement-fails-closed.md: when "Require two-factor for all admins" cannot be read,
// it counts as on. An admin without two-factor is sent to set it up (a page) or refused (an action), never let past.
describe("a two-factor requirement that cannot be read", () => {
  it("is taken as required: an admin without two-factor is sent to set it up, and can", async () => {
    const { cookie } = await adminSession();
    const db = database.current().db;
    expect((await call(dashboard.loader, getRequest("/admin/dashboard", cookie))).status).toBe(200);

    await sql`drop table site_counters`.execute(db);
    const page = await call(dashboard.loader, getRequest("/admin/dashboard", cookie));
    expect(page.location).toBe("/admin/profile/two-factor");
    const write = await call(services.action, postRequest("/admin/services", { intent: "create", title: "Let through" }, cookie));
    expect(write.status).toBe(403);
    expect(await db.selectFrom("services").select("id").where("title", "=", "Let through").execute()).toEqual([]);
    // The page that sets two-factor up stays open, so nobody is locked out.
    const setup = await call(twoFactor.loader, getRequest("/admin/profile/two-factor", cookie));
    expect(setup).toMatchObject({ status: 200, data: { enabled: false } });
    expect(drainErrorLogs().map((l) => l.msg)).toContain("two-factor requirement could not be read: required until it can be");
  });
});
