import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { setMailSenderForTests } from "~/.server/mail/mailer";
import { getProfile } from "~/.server/models/profiles";
import { getSetting, updateSetting } from "~/.server/models/settings";
import { changeRole } from "~/.server/models/team";
import { ensureUser } from "~/.server/models/users";
import type { Role } from "~/lib/permissions";
import { action as acceptAction } from "~/routes/auth/accept-invite";
import { loader as dashboardLoader } from "~/routes/admin/dashboard";
import { action as enquiriesAction, loader as enquiriesLoader } from "~/routes/admin/enquiries";
import { loader as exportLoader } from "~/routes/admin/enquiries-export";
import { loader as attachmentLoader } from "~/routes/admin/enquiry-attachment";
import { createEnquiry } from "~/.server/models/enquiries";
import { addLeadAttachments } from "~/.server/models/lead-attachments";
import { action as settingsAction, loader as settingsLoader } from "~/routes/admin/settings";
import { loader as siteContentLoader } from "~/routes/admin/site-content";
import { loader as trashLoader } from "~/routes/admin/trash";
import { action as teamAction, loader as teamLoader } from "~/routes/admin/team";
import { ADMIN_PASSWORD } from "../factories";
import { useTestDatabase } from "../setup/database";
import { runAdminCommand } from "./admin-command";
import { adminSession, call, getRequest, ORIGIN, postRequest, signInCookie } from "./admin-support";

// Vitest shares modules between files here (isolate: false): the mail sender this file sets must not outlive it.
afterAll(() => setMailSenderForTests(undefined));

// Staff roles (docs/product.md#access, docs/decisions/0076-staff-roles-design.md): there is always an Owner, a role
// change applies on the member's next request and is in Activity, invites carry a role, and the security settings
// are an Owner's.

const database = useTestDatabase();

let n = 0;
async function member(role: Role) {
  const user = await ensureUser({ email: `${role}-${++n}-${Date.now()}@example.com`, password: ADMIN_PASSWORD, name: role, role });
  return { ...user, cookie: await signInCookie(user.email) };
}

const setRole = (cookie: string, id: string, role: string) => call(teamAction, postRequest("/admin/team", { intent: "set-role", id, role }, cookie));

describe("there is always at least one Owner", () => {
  it("the last Owner can be neither demoted nor removed from the Team page; nothing changes or is logged", async () => {
    const { admin, cookie } = await adminSession();
    for (const role of ["editor", "sales"]) {
      const refused = await setRole(cookie, admin.id, role);
      expect(refused).toMatchObject({ status: 409, data: { ok: false, detail: "There must always be at least one Owner" } });
    }
    const removed = await call(teamAction, postRequest("/admin/team", { intent: "remove-access", id: admin.id }, cookie));
    expect(removed).toMatchObject({ status: 409, data: { detail: "The last Owner cannot be removed" } });
    expect((await getProfile(admin.id))?.role).toBe("admin");
    expect(await db().selectFrom("activity_log").select("action").where("action", "like", "team.%").execute()).toEqual([]);
  });

  it("two Owners demoting each other at the same moment: exactly one change wins", async () => {
    const a = await member("admin");
    const b = await member("admin");
    const results = await Promise.all([changeRole(a.id, "sales"), changeRole(b.id, "editor")]);
    expect(results.map((r) => r.outcome).sort()).toEqual(["changed", "last-owner"]);
    const owners = await db().selectFrom("profiles").select("id").where("role", "=", "admin").execute();
    expect(owners).toHaveLength(1);
  });

  it("the command line refuses to take the role of the last Owner, and gives another role once there is a second", async () => {
    const { admin } = await adminSession();
    const refused = await runAdminCommand(database, ["role", "--email", admin.email, "--role", "editor"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is the last Owner and cannot be given another role");
    expect((await getProfile(admin.id))?.role).toBe("admin");

    // With a second Owner, the same command gives the first one a role, and Activity says the command line did it.
    await member("admin");
    const changed = await runAdminCommand(database, ["role", "--email", admin.email, "--role", "Sales"]);
    expect(changed.code).toBe(0);
    expect(changed.stdout).toContain(`${admin.email} is now Sales`);
    expect((await getProfile(admin.id))?.role).toBe("sales");
    const logged = await db().selectFrom("activity_log").select(["actor_email", "action"]).where("action", "like", "team.%").execute();
    expect(logged).toEqual([expect.objectContaining({ actor_email: "command line" })]);
  }, 120_000);
});

describe("a role change", () => {
  it("applies on the member's next request, keeps their session, and is in Activity: who, whose role, from, to", async () => {
    const { admin, cookie } = await adminSession();
    const other = await member("admin");
    expect((await call(teamLoader, getRequest("/admin/team", other.cookie))).status).toBe(200);

    const changed = await setRole(cookie, other.id, "sales");
    expect(changed).toMatchObject({ status: 200, data: { ok: true, message: "Role changed to Sales" } });
    // The same session, the next request: Team is an Owner's, the enquiries are Sales'.
    const team = await call(teamLoader, getRequest("/admin/team", other.cookie));
    expect(team).toMatchObject({ status: 403, thrown: true });
    expect(team.location ?? null).toBeNull();
    expect((await setRole(other.cookie, admin.id, "sales")).status).toBe(403);
    expect((await call(enquiriesLoader, getRequest("/admin/enquiries", other.cookie))).status).toBe(200);
    expect((await call(siteContentLoader, getRequest("/admin/site-content", other.cookie))).status).toBe(403);

    const entry = await db()
      .selectFrom("activity_log")
      .select(["kind", "action", "actor_email", "entity_id", "entity_name", "detail"])
      .where("action", "=", "team.set-role")
      .executeTakeFirst();
    expect(entry).toEqual({ kind: "security", action: "team.set-role", actor_email: admin.email, entity_id: other.id, entity_name: other.email, detail: "Owner to Sales" });
    // The admin who is left is now the last Owner.
    expect((await setRole(cookie, admin.id, "editor")).status).toBe(409);
  });

  it("refuses a role that does not exist, changing nothing", async () => {
    const { cookie } = await adminSession();
    const other = await member("editor");
    const refused = await setRole(cookie, other.id, "superuser");
    expect(refused).toMatchObject({ status: 400, data: { fieldErrors: { role: "Choose Owner, Editor or Sales" } } });
    expect((await getProfile(other.id))?.role).toBe("editor");
  });
});

describe("invites carry a role", () => {
  it("an invitation as Sales makes a Sales member, who sees the enquiries and not the Team", async () => {
    setMailSenderForTests(null);
    const { cookie } = await adminSession();
    const invited = await call(teamAction, postRequest("/admin/team", { intent: "invite", email: "sales.person@example.com", role: "sales" }, cookie));
    expect(invited.status).toBe(200);
    expect((await call(teamLoader, getRequest("/admin/team", cookie))).data.invites).toMatchObject([{ email: "sales.person@example.com", role: "sales" }]);
    const token = new URL(String(invited.data.link)).searchParams.get("token") ?? "";
    const body = new FormData();
    for (const [k, v] of Object.entries({ token, full_name: "Sales Person", password: "a-strong-pass", confirm_password: "a-strong-pass" })) body.set(k, v);
    expect((await call(acceptAction, new Request(`${ORIGIN}/admin/accept-invite`, { method: "POST", body, headers: { origin: ORIGIN } }))).status).toBe(200);
    const session = await signInCookie("sales.person@example.com", "a-strong-pass");
    expect((await call(enquiriesLoader, getRequest("/admin/enquiries", session))).status).toBe(200);
    expect((await call(teamLoader, getRequest("/admin/team", session))).status).toBe(403);
  });
});

describe("the dashboard shows each role its figures", () => {
  it("Sales see lead figures and no content counts; Editors the reverse", async () => {
    const sales = (await call(dashboardLoader, getRequest("/admin/dashboard", (await member("sales")).cookie))).data;
    expect(sales.funnel).not.toBeNull();
    expect(sales.counts).toBeNull();
    const editor = (await call(dashboardLoader, getRequest("/admin/dashboard", (await member("editor")).cookie))).data;
    expect(editor.counts).not.toBeNull();
    expect(editor.funnel).toBeNull();
    expect(editor.followUps).toBeNull();
  });
});

describe("the Trash: Editors restore, only Owners delete for good", () => {
  it("offers Delete forever to an Owner and not to an Editor", async () => {
    const { cookie: ownerCookie } = await adminSession();
    const editor = await member("editor");
    expect((await call(trashLoader, getRequest("/admin/trash", ownerCookie))).data.mayPurge).toBe(true);
    expect((await call(trashLoader, getRequest("/admin/trash", editor.cookie))).data.mayPurge).toBe(false);
  });
});

describe("Settings: the security switches are an Owner's", () => {
  it("an Editor changes the site's settings but not two-factor or the Sales switch, and does not see them", async () => {
    const editor = await member("editor");
    const post = (key: string, value: string) => call(settingsAction, postRequest("/admin/settings", { intent: "update", key, value }, editor.cookie));
    expect((await post("header_logo_text", "Editor's logo")).status).toBe(200);
    for (const key of ["require_two_factor_editor", "require_two_factor_sales", "sales_own_leads_only"]) {
      expect((await post(key, "true")).status, key).toBe(403);
      expect(await getSetting(key as "sales_own_leads_only"), key).toBe("false");
    }
    expect((await call(settingsLoader, getRequest("/admin/settings", editor.cookie))).data.security).toBe(false);
  });

  it("two-factor required of Sales sends a Sales member to set it up; Editors are not asked", async () => {
    await updateSetting("require_two_factor_sales", "true");
    const sales = await member("sales");
    const editor = await member("editor");
    expect((await call(dashboardLoader, getRequest("/admin/dashboard", sales.cookie))).location).toBe("/admin/profile/two-factor");
    expect((await call(dashboardLoader, getRequest("/admin/dashboard", editor.cookie))).status).toBe(200);
  });
});

describe("Sales see only the leads assigned to them or to no one, when Settings say so", () => {
  it("holds for the list, search, board, lead panel, CSV export and attachments", async () => {
    const { cookie: ownerCookie } = await adminSession();
    const sales = await member("sales");
    const colleague = await member("sales");
    const lead = (name: string) =>
      createEnquiry({ name, email: "x@example.mv", phone: null, subject: "Residential", message: "A house.", source_page: "/", ip: null, user_agent: null, spam_reason: null, notify: false });
    const mine = await lead("Mine Lead");
    const theirs = await lead("Theirs Lead");
    const nobodys = await lead("Nobody Lead");
    for (const [id, assignee] of [[mine.id, sales.id], [theirs.id, colleague.id]]) {
      const saved = await call(enquiriesAction, postRequest("/admin/enquiries", { intent: "set-assignee", id, assignee_id: assignee }, ownerCookie));
      expect(saved.status).toBe(200);
    }
    await addLeadAttachments(theirs.id, [{ file_name: "plan.pdf", content_type: "application/pdf", size: 4, storage_key: "enquiries/theirs/plan.pdf" }] as never);
    const [attachment] = await db().selectFrom("enquiry_attachments").select("id").where("enquiry_id", "=", theirs.id).execute();

    const seen = async (path: string) =>
      (await call(enquiriesLoader, getRequest(path, sales.cookie))).data as { enquiries: Array<{ name: string }>; board: { cards: Array<{ name: string }> } | null; selected: unknown };
    const names = (rows: Array<{ name: string }>) => rows.map((r) => r.name).sort();
    const csv = async () => {
      const answer = await exportLoader({ request: getRequest("/admin/enquiries/export.csv", sales.cookie), params: {}, context: {} } as never);
      return (answer as Response).text();
    };
    const attachmentStatus = async () =>
      ((await attachmentLoader({ request: getRequest(`/admin/enquiries/${theirs.id}/attachments/${attachment.id}`, sales.cookie), params: { id: theirs.id, attachmentId: attachment.id }, context: {} } as never)) as Response).status;

    // Off (the default): every lead.
    expect(names((await seen("/admin/enquiries")).enquiries)).toEqual(["Mine Lead", "Nobody Lead", "Theirs Lead"]);
    expect(await csv()).toContain("Theirs Lead");

    await updateSetting("sales_own_leads_only", "true");
    expect(names((await seen("/admin/enquiries")).enquiries)).toEqual(["Mine Lead", "Nobody Lead"]);
    expect(names((await seen("/admin/enquiries?q=lead")).enquiries)).toEqual(["Mine Lead", "Nobody Lead"]);
    expect(names((await seen("/admin/enquiries?view=board")).board?.cards ?? [])).toEqual(["Mine Lead", "Nobody Lead"]);
    expect((await seen(`/admin/enquiries?id=${theirs.id}`)).selected).toBeNull();
    expect((await seen(`/admin/enquiries?id=${nobodys.id}`)).selected).not.toBeNull();
    const file = await csv();
    expect(file).toContain("Mine Lead");
    expect(file).not.toContain("Theirs Lead");
    expect(await attachmentStatus()).toBe(404);
    // An Owner still sees everything.
    const owner = (await call(enquiriesLoader, getRequest("/admin/enquiries", ownerCookie))).data as { enquiries: Array<{ name: string }> };
    expect(names(owner.enquiries)).toEqual(["Mine Lead", "Nobody Lead", "Theirs Lead"]);

    // The folder counts and the dashboard's lead figures count only what the member may see.
    const counts = (await call(enquiriesLoader, getRequest("/admin/enquiries", sales.cookie))).data.counts as { new: number };
    expect(counts.new).toBe(2);
    expect(((await call(enquiriesLoader, getRequest("/admin/enquiries", ownerCookie))).data.counts as { new: number }).new).toBe(3);
    for (const [id, day] of [[mine.id, "2026-01-05"], [theirs.id, "2026-01-05"]] as const) {
      await call(enquiriesAction, postRequest("/admin/enquiries", { intent: "set-follow-up", id, follow_up_on: day }, ownerCookie));
    }
    const dashboard = (await call(dashboardLoader, getRequest("/admin/dashboard", sales.cookie))).data as {
      newEnquiries: number;
      funnel: { enquiries: number };
      followUps: { overdue: Array<{ name: string }> };
    };
    expect(dashboard.newEnquiries).toBe(2);
    expect(dashboard.funnel.enquiries).toBe(2);
    expect(names(dashboard.followUps.overdue)).toEqual(["Mine Lead"]);

    // Writes: a colleague's lead, alone or among others, is answered as not found and nothing changes.
    const before = await db().selectFrom("enquiries").selectAll().where("id", "=", theirs.id).executeTakeFirstOrThrow();
    const refused = [
      { intent: "set-stage", id: theirs.id, stage: "won" },
      { intent: "add-note", id: theirs.id, body: "Taken over" },
      { intent: "set-status", id: theirs.id, status: "archived" },
      { intent: "delete", id: theirs.id },
    ];
    for (const body of refused) {
      const answer = await call(enquiriesAction, postRequest("/admin/enquiries", body, sales.cookie));
      expect(answer.status, body.intent).toBe(404);
    }
    const bulk = new FormData();
    bulk.set("intent", "bulk-status");
    bulk.set("status", "archived");
    bulk.append("ids", mine.id);
    bulk.append("ids", theirs.id);
    expect((await call(enquiriesAction, new Request(`${ORIGIN}/admin/enquiries`, { method: "POST", body: bulk, headers: { cookie: sales.cookie, origin: ORIGIN } }))).status).toBe(404);
    expect(await db().selectFrom("enquiries").selectAll().where("id", "=", theirs.id).executeTakeFirstOrThrow()).toEqual(before);
    expect((await db().selectFrom("enquiries").select("status").where("id", "=", mine.id).executeTakeFirstOrThrow()).status).toBe("new");
    expect(await db().selectFrom("enquiry_events").select("id").where("enquiry_id", "=", theirs.id).where("kind", "=", "note").execute()).toEqual([]);
    // Their own lead and an unassigned one stay theirs to work.
    expect((await call(enquiriesAction, postRequest("/admin/enquiries", { intent: "set-stage", id: mine.id, stage: "contacted" }, sales.cookie))).status).toBe(200);
    expect((await call(enquiriesAction, postRequest("/admin/enquiries", { intent: "add-note", id: nobodys.id, body: "Called" }, sales.cookie))).status).toBe(200);
  });
});
