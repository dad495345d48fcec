import { describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { recordActivity } from "~/.server/models/activity";
import { createEnquiry } from "~/.server/models/enquiries";
import * as activityPage from "~/routes/admin/activity";
import * as activityExport from "~/routes/admin/activity-export";
import * as enquiriesPage from "~/routes/admin/enquiries";
import * as servicesPage from "~/routes/admin/services";
import * as trashPage from "~/routes/admin/trash";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, decodeHtml, getRequest, ORIGIN, postRequest, renderPage } from "./admin-support";

// Activity entries name their records as staff know them (docs/decisions/0075-activity-names-and-labels.md): the
// sender of an enquiry, the title of a service, linked while it exists, the name it had once deleted, and
// fields as the forms label them. No ids, no column names.

useTestDatabase();

async function activityHtml(cookie: string): Promise<string> {
  const answer = await call(activityPage.loader, getRequest("/admin/activity", cookie));
  return decodeHtml(renderPage(activityPage.default as never, "/admin/activity", answer.data));
}

const enquiryFrom = (name: string) =>
  createEnquiry({ name, email: "shifa@example.mv", phone: null, subject: "Residential", message: "A house.", source_page: "/", ip: null, user_agent: null, spam_reason: null, notify: false });

describe("the Activity page names records and fields", () => {
  it("an enquiry by its sender, linked to it; a follow-up as 'Follow-up date'; a deleted one by the name it had, unlinked", async () => {
    const { cookie } = await adminSession();
    const kept = await enquiryFrom("Aishath Shifa");
    const gone = await enquiryFrom("Mohamed Rasheed");
    expect((await call(enquiriesPage.action, postRequest("/admin/enquiries", { intent: "set-follow-up", id: kept.id, follow_up_on: "2026-12-01" }, cookie))).status).toBe(200);
    expect((await call(enquiriesPage.action, postRequest("/admin/enquiries", { intent: "delete", id: gone.id }, cookie))).status).toBe(200);

    const html = await activityHtml(cookie);
    expect(html).toMatch(new RegExp(`<a dir="auto"[^>]* href="/admin/enquiries\\?id=${kept.id}"[^>]*>Aishath Shifa</a>`));
    expect(html).toContain("Fields: Follow-up date");
    expect(html).toMatch(/<span dir="auto">Mohamed Rasheed<\/span> <span class="text-muted-foreground">\(deleted\)<\/span>/);
    expect(html).not.toContain("follow_up_on");
    expect(html).not.toContain(kept.id.slice(0, 8) + "</");
    expect(html).not.toMatch(/enquiry [0-9a-f]{8}/);
  });

  it("a service by its title now, linked to its history, then to the Trash, then by the name it had once deleted for good", async () => {
    const { cookie } = await adminSession();
    const created = await call(servicesPage.action, postRequest("/admin/services", { intent: "create", title: "Pool Building", is_active: "true" }, cookie));
    const id = created.data.id as string;
    await call(servicesPage.action, postRequest("/admin/services", { intent: "update", id, title: "Pool Building Pro", short_description: "Pools", is_active: "true" }, cookie));
    let html = await activityHtml(cookie);
    // Both entries read the title of today, linked to the service's history.
    expect(html.match(new RegExp(`href="/admin/services/${id}/history"[^>]*>Pool Building Pro</a>`, "g"))).toHaveLength(2);
    expect(html).toContain("Fields: Title, Short description");

    await call(servicesPage.action, postRequest("/admin/services", { intent: "delete", id }, cookie));
    html = await activityHtml(cookie);
    expect(html.match(/href="\/admin\/trash"[^>]*>Pool Building Pro<\/a>/g)).toHaveLength(3);

    expect((await call(trashPage.action, postRequest("/admin/trash", { intent: "delete-forever", kind: "service", id }, cookie))).status).toBe(200);
    html = await activityHtml(cookie);
    expect(html).not.toContain(`/admin/services/${id}`);
    // Each entry keeps the name the service had when it was written.
    expect(html.match(/<span dir="auto">Pool Building Pro<\/span> <span class="text-muted-foreground">\(deleted\)<\/span>/g)).toHaveLength(3);
    expect(html.match(/<span dir="auto">Pool Building<\/span> <span class="text-muted-foreground">\(deleted\)<\/span>/g)).toHaveLength(1);
  });

  it("reads the names of a page in one query per kind of record, however many entries", async () => {
    const { admin, cookie } = await adminSession();
    const enquiries = await Promise.all(["A", "B", "C", "D", "E"].map((n) => enquiryFrom(`Sender ${n}`)));
    for (const e of enquiries) await recordActivity({ actorId: admin.id, kind: "content", action: "enquiry.set-status", entity: "enquiry", entityId: e.id, fields: ["status"] });
    const statements: string[] = [];
    const database = db();
    const original = database.getExecutor().executeQuery.bind(database.getExecutor());
    // Count the statements the page's loader sends: a names lookup per entry would be five more.
    (database.getExecutor() as unknown as { executeQuery: typeof original }).executeQuery = (query, ...rest) => {
      statements.push(query.sql);
      return original(query, ...rest);
    };
    try {
      await call(activityPage.loader, getRequest("/admin/activity", cookie));
    } finally {
      (database.getExecutor() as unknown as { executeQuery: typeof original }).executeQuery = original;
    }
    expect(statements.filter((s) => /from "enquiries"/.test(s))).toHaveLength(1);
  });

  it("the CSV carries each record's name and the fields' labels", async () => {
    const { cookie } = await adminSession();
    const kept = await enquiryFrom("Aishath Shifa");
    await call(enquiriesPage.action, postRequest("/admin/enquiries", { intent: "set-follow-up", id: kept.id, follow_up_on: "2026-12-01" }, cookie));
    const response = await activityExport.loader({ request: new Request(`${ORIGIN}/admin/activity/export.csv?kind=content`, { headers: { cookie } }), params: {}, context: {} } as never);
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toContain("Entity id,Name,Fields changed");
    expect(lines[1]).toContain(`enquiry,${kept.id},Aishath Shifa,Follow-up date,`);
  });
});
