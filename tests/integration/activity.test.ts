import { drainErrorLogs } from "~/.server/logger";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { activityCutoff, pruneOldActivity, startActivityPruning, stopActivityPruning } from "~/.server/activity/activity-pruning";
import { CLIENT_IP_HEADER } from "~/.server/auth/auth";
import { db } from "~/.server/db";
import { env } from "~/.server/env";
import { changedFields, recordActivity } from "~/.server/models/activity";
import { createCategory } from "~/.server/models/categories";
import { createContactDetail } from "~/.server/models/contact-details";
import { createEnquiry, getEnquiry } from "~/.server/models/enquiries";
import { createProject, deleteProject, updateProject } from "~/.server/models/projects";
import { createService, deleteService, getService, updateService } from "~/.server/models/services";
import { recordMedia } from "~/.server/models/media";
import { listVersions } from "~/.server/models/versions";
import { listSectionStates, listVersions as listContentVersions, publishDraft, saveDraft } from "~/.server/models/site-content";
import { createSchedule } from "~/.server/models/content-schedules";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { formatSiteMoment, isoToSiteLocal } from "~/lib/site-time";
import { DiskStorage, setStorage } from "~/.server/storage";
import routes from "~/routes";
import * as activityPage from "~/routes/admin/activity";
import * as activityExport from "~/routes/admin/activity-export";
import * as apiAuth from "~/routes/api/auth";
import * as login from "~/routes/auth/login";
import * as logout from "~/routes/auth/logout";
import { ADMIN_PASSWORD, contactInput, createAdmin, createMember, projectInput, serviceInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { type SmtpSink, startSmtpSink } from "../setup/smtp-sink";
import { setMailConfigForTests } from "~/.server/mail/mailer";
import { createReplyTemplate } from "~/.server/models/reply-templates";
import * as OTPAuth from "otpauth";
import { adminSession, call, intentsOf, ORIGIN } from "./admin-support";

// The activity log (docs/decisions/0016-activity-log.md). The admin actions are read from app/routes.ts and
// their intents from the route modules' source, so a new action without a case here (and so without a
// checked log entry) fails the first test.

useTestDatabase();

let storageDir: string;
beforeEach(() => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "activity-storage-"));
  setStorage(new DiskStorage(storageDir));
});
afterEach(() => {
  setStorage(undefined);
  fs.rmSync(storageDir, { recursive: true, force: true });
});

const IP = "203.0.113.9";

// ---- the admin actions, from the route table and the route modules ----

function flatten(entries: RouteConfigEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ""].filter(Boolean).join("/");
    return [{ path: full, file: e.file }, ...flatten(e.children ?? [], full)];
  });
}

const ADMIN_ROUTES = flatten(routes as RouteConfigEntry[]).filter((r) => r.path.startsWith("admin/") || r.path === "api/uploads");
// Signed-out pages: their events (sign-in, second step, reset, invite accepted, unlock) are security entries tested
// with their flows, not admin writes.
const NOT_ADMIN_WRITES = new Set(["admin/login", "admin/logout", "admin/login/two-factor", "admin/forgot-password", "admin/reset-password", "admin/accept-invite", "admin/login/unlock"]);


const actionRoutes = await Promise.all(
  ADMIN_ROUTES.filter((r) => !NOT_ADMIN_WRITES.has(r.path)).map(async (r) => {
    const mod = (await import(`~/${r.file.replace(/\.tsx?$/, "")}`)) as { action?: unknown };
    return { ...r, action: mod.action };
  }),
).then((list) => list.filter((r) => typeof r.action === "function"));

interface Expected {
  kind?: "content" | "security";
  action: string;
  entity: string;
  entityId?: string | null;
  fields?: string[];
  detail?: string | RegExp | null;
}

interface Case {
  /** Makes what the action works on; returns the form and the entry it must write. */
  prepare(adminId: string, cookie: string): Promise<{ form: FormData; expected: Expected; params?: Record<string, string>; cookie?: string }>;
}

const form = (fields: Record<string, string | Blob>) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  return body;
};

async function newEnquiry() {
  return createEnquiry({
    name: "Aishath Shifa",
    email: "shifa@example.mv",
    phone: null,
    subject: "Residential",
    message: "A two-storey house.",
    source_page: "/",
    ip: null,
    user_agent: null,
    spam_reason: null,
    notify: false,
  });
}

/** A service with one edit behind it: its first version can be restored. */
async function editedService() {
  const service = await createService(serviceInput({ title: "First title" }), null);
  await updateService(service.id, serviceInput({ title: "Second title" }), null);
  const versions = await listVersions("service", service.id);
  return { service, first: versions.at(-1)! };
}

/** Turns two-factor on through the admin page; returns the renewed session cookie. */
async function withTwoFactor(cookie: string): Promise<string> {
  const twoFactor = actionRoutes.find((r) => r.path === "admin/profile/two-factor")!.action;
  const started = await call(twoFactor, adminPost("admin/profile/two-factor", form({ intent: "start", password: ADMIN_PASSWORD }), cookie));
  const { secret } = started.data.setup as { secret: string };
  const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const confirmed = await call(twoFactor, adminPost("admin/profile/two-factor", form({ intent: "confirm", code }), cookie));
  expect(confirmed.status).toBe(200);
  return (confirmed.headers?.getSetCookie() ?? [])
    .filter((c) => !/max-age=0/i.test(c))
    .map((c) => c.split(";")[0])
    .join("; ");
}

/** A pending invite's id, made through the Team page. */
async function pendingInvite(cookie: string): Promise<string> {
  const team = actionRoutes.find((r) => r.path === "admin/team")!.action;
  await call(team, adminPost("admin/team", form({ intent: "invite", email: "new.colleague@example.mv" }), cookie));
  const row = await db().selectFrom("invites").select("id").where("email", "=", "new.colleague@example.mv").executeTakeFirstOrThrow();
  return row.id;
}

const security = "security" as const;

let smtp: SmtpSink;
beforeAll(async () => {
  smtp = await startSmtpSink();
});
afterAll(async () => {
  setMailConfigForTests(undefined);
  await smtp.close();
});
afterEach(() => setMailConfigForTests(undefined));

/** The FAQ section's current revision, after saving a draft of it when asked (publish, discard and restore need one). */
async function faqRevision(adminId: string, { draft = false, published = false } = {}): Promise<number> {
  let revision = (await listSectionStates()).find((s) => s.section === "faq")!.revision;
  const faq = { ...DEFAULT_SITE_CONTENT.faq, title: "Questions" };
  if (draft || published) {
    const saved = await saveDraft("faq", faq, revision, adminId);
    if (!saved.ok) throw new Error("draft not saved");
    revision = saved.revision;
  }
  if (published) {
    const done = await publishDraft("faq", revision, adminId);
    if (!done.ok) throw new Error("not published");
    revision = done.revision;
  }
  return revision;
}

/** A library file nothing uses, in storage and in the media table: Media's alt text and delete act on it. */
async function libraryFile(key = "site-assets/gallery/0123456789abcdef-1764000000000.png", fileName = "harbour.png"): Promise<string> {
  fs.mkdirSync(path.join(storageDir, "site-assets/gallery"), { recursive: true });
  fs.writeFileSync(path.join(storageDir, key), await sharp({ create: { width: 4, height: 4, channels: 3, background: "#888" } }).png().toBuffer());
  await recordMedia([{ key, url: `/uploads/${key}`, fileName, bytes: 80 }], null);
  return key;
}

const siteContent = (intent: string) => ({ action: `site-content.${intent}`, entity: "site-content", entityId: "faq", detail: "FAQ" });

const CASES: Record<string, Record<string, Case>> = {
  "admin/site-content": {
    save: {
      prepare: async (adminId) => ({
        form: form({ intent: "save", section: "faq", revision: String(await faqRevision(adminId)), content: JSON.stringify({ ...DEFAULT_SITE_CONTENT.faq, title: "Your questions" }) }),
        expected: siteContent("save"),
      }),
    },
    publish: {
      prepare: async (adminId) => ({ form: form({ intent: "publish", section: "faq", revision: String(await faqRevision(adminId, { draft: true })) }), expected: siteContent("publish") }),
    },
    discard: {
      prepare: async (adminId) => ({ form: form({ intent: "discard", section: "faq", revision: String(await faqRevision(adminId, { draft: true })) }), expected: siteContent("discard") }),
    },
    restore: {
      async prepare(adminId) {
        const revision = await faqRevision(adminId, { published: true });
        const version = (await listContentVersions("faq"))[0];
        return { form: form({ intent: "restore", section: "faq", revision: String(revision), versionId: version.id }), expected: siteContent("restore") };
      },
    },
    // docs/product.md#scheduling: publishing every changed section writes one entry per section, as publishing each would.
    "publish-all": {
      prepare: async (adminId) => ({ form: form({ intent: "publish-all", sections: `faq:${await faqRevision(adminId, { draft: true })}` }), expected: siteContent("publish") }),
    },
    schedule: {
      async prepare() {
        const at = new Date(Date.now() + 3_600_000);
        at.setUTCSeconds(0, 0);
        return { form: form({ intent: "schedule", section: "faq", run_at: isoToSiteLocal(at.toISOString()) }), expected: { ...siteContent("schedule"), detail: `FAQ at ${formatSiteMoment(at.toISOString())}` } };
      },
    },
    "cancel-schedule": {
      async prepare(adminId) {
        const at = new Date(Date.now() + 3_600_000).toISOString();
        const schedule = await createSchedule("faq", at, adminId);
        return { form: form({ intent: "cancel-schedule", id: schedule.id }), expected: { ...siteContent("cancel-schedule"), detail: `FAQ at ${formatSiteMoment(at)}` } };
      },
    },
  },
  "admin/team": {
    invite: {
      prepare: async () => ({
        form: form({ intent: "invite", email: "invitee@example.mv" }),
        expected: { kind: security, action: "team.invite", entity: "invite", entityId: "invitee@example.mv" },
      }),
    },
    "resend-invite": {
      async prepare(_id, cookie) {
        const id = await pendingInvite(cookie);
        return { form: form({ intent: "resend-invite", id }), expected: { kind: security, action: "team.resend-invite", entity: "invite", entityId: id } };
      },
    },
    "revoke-invite": {
      async prepare(_id, cookie) {
        const id = await pendingInvite(cookie);
        return { form: form({ intent: "revoke-invite", id }), expected: { kind: security, action: "team.revoke-invite", entity: "invite", entityId: id } };
      },
    },
    "remove-access": {
      async prepare() {
        const other = await createAdmin();
        return { form: form({ intent: "remove-access", id: other.id }), expected: { kind: security, action: "team.remove-access", entity: "user", entityId: other.id } };
      },
    },
    "set-role": {
      async prepare() {
        const other = await createAdmin();
        return {
          form: form({ intent: "set-role", id: other.id, role: "sales" }),
          expected: { kind: security, action: "team.set-role", entity: "user", entityId: other.id, fields: ["role"], detail: "Owner to Sales" },
        };
      },
    },
  },
  "admin/profile/two-factor": {
    start: {
      prepare: async (adminId) => ({
        form: form({ intent: "start", password: ADMIN_PASSWORD }),
        expected: { kind: security, action: "two-factor.setup-start", entity: "user", entityId: adminId },
      }),
    },
    confirm: {
      async prepare(adminId, cookie) {
        const twoFactor = actionRoutes.find((r) => r.path === "admin/profile/two-factor")!.action;
        const started = await call(twoFactor, adminPost("admin/profile/two-factor", form({ intent: "start", password: ADMIN_PASSWORD }), cookie));
        const { secret } = started.data.setup as { secret: string };
        const code = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
        return { form: form({ intent: "confirm", code }), expected: { kind: security, action: "two-factor.enable", entity: "user", entityId: adminId } };
      },
    },
    disable: {
      prepare: async (adminId, cookie) => ({
        cookie: await withTwoFactor(cookie),
        form: form({ intent: "disable", password: ADMIN_PASSWORD }),
        expected: { kind: security, action: "two-factor.disable", entity: "user", entityId: adminId },
      }),
    },
    regenerate: {
      prepare: async (adminId, cookie) => ({
        cookie: await withTwoFactor(cookie),
        form: form({ intent: "regenerate", password: ADMIN_PASSWORD }),
        expected: { kind: security, action: "two-factor.regenerate-backup-codes", entity: "user", entityId: adminId },
      }),
    },
  },
  "admin/trash": {
    restore: {
      async prepare() {
        const service = await createService(serviceInput(), null);
        await deleteService(service.id, null);
        return { form: form({ intent: "restore", kind: "service", id: service.id }), expected: { action: "service.restore", entity: "service", entityId: service.id } };
      },
    },
    "delete-forever": {
      async prepare() {
        const project = await createProject(projectInput(), null);
        await deleteProject(project.id, null);
        return { form: form({ intent: "delete-forever", kind: "project", id: project.id }), expected: { action: "project.delete-forever", entity: "project", entityId: project.id } };
      },
    },
  },
  "admin/services/:id/history": {
    "restore-version": {
      async prepare() {
        const { service, first } = await editedService();
        return {
          form: form({ intent: "restore-version", version_id: first.id }),
          params: { id: service.id },
          expected: { action: "service.restore-version", entity: "service", entityId: service.id },
        };
      },
    },
  },
  "admin/projects/:id/history": {
    "restore-version": {
      async prepare() {
        const project = await createProject(projectInput({ title: "First title" }), null);
        await updateProject(project.id, projectInput({ title: "Second title" }), null);
        const first = (await listVersions("project", project.id)).at(-1)!;
        return {
          form: form({ intent: "restore-version", version_id: first.id }),
          params: { id: project.id },
          expected: { action: "project.restore-version", entity: "project", entityId: project.id },
        };
      },
    },
  },
  "admin/services": {
    create: {
      prepare: async () => ({
        form: form({ intent: "create", title: "Pool Building", short_description: "Pools", is_active: "on", sort_order: "0" }),
        expected: { action: "service.create", entity: "service", fields: ["title", "short_description", "is_active", "sort_order", "featured_image_focal_x", "featured_image_focal_y"], detail: "Pool Building" },
      }),
    },
    update: {
      async prepare() {
        const service = await createService(serviceInput({ title: "Old title", short_description: "Same", sort_order: "1" }), null);
        return {
          form: form({ intent: "update", id: service.id, title: "New title", short_description: "Same", is_active: "on", sort_order: "4" }),
          expected: { action: "service.update", entity: "service", entityId: service.id, fields: ["title", "sort_order"], detail: "New title" },
        };
      },
    },
    "toggle-active": {
      async prepare() {
        const service = await createService(serviceInput(), null);
        return {
          form: form({ intent: "toggle-active", id: service.id, is_active: "false" }),
          expected: { action: "service.deactivate", entity: "service", entityId: service.id, fields: ["is_active"] },
        };
      },
    },
    delete: {
      async prepare() {
        const service = await createService(serviceInput({ title: "Going away" }), null);
        return { form: form({ intent: "delete", id: service.id }), expected: { action: "service.delete", entity: "service", entityId: service.id, detail: "Going away" } };
      },
    },
    "create-category": {
      prepare: async () => ({
        form: form({ intent: "create-category", name: "Marine works", type: "service" }),
        expected: { action: "category.create", entity: "category", detail: "Marine works" },
      }),
    },
    "name-category": {
      async prepare() {
        const category = await createCategory({ name: "Docks", name_dv: null, description: null, type: "service" }, null);
        return { form: form({ intent: "name-category", id: category.id, name_dv: "ފާލަން" }), expected: { action: "category.name-dv", entity: "category", entityId: category.id, fields: ["name_dv"], detail: "ފާލަން" } };
      },
    },
  },
  "admin/projects": {
    create: {
      prepare: async () => ({
        form: form({ intent: "create", title: "Resort villa", is_public: "on" }),
        expected: { action: "project.create", entity: "project", detail: "Resort villa" },
      }),
    },
    update: {
      async prepare() {
        const project = await createProject(projectInput({ title: "Villa", budget: "410000", status: "planning" }), null);
        return {
          form: form({ intent: "update", id: project.id, title: "Villa", budget: "410000.00", status: "completed", is_public: "on" }),
          expected: { action: "project.update", entity: "project", entityId: project.id, fields: ["status"], detail: "Villa" },
        };
      },
    },
    "set-flags": {
      async prepare() {
        const project = await createProject(projectInput(), null);
        return {
          form: form({ intent: "set-flags", id: project.id, is_featured: "true" }),
          expected: { action: "project.set-flags", entity: "project", entityId: project.id, fields: ["is_featured"], detail: "Featured: on" },
        };
      },
    },
    delete: {
      async prepare() {
        const project = await createProject(projectInput({ title: "Old jetty" }), null);
        return { form: form({ intent: "delete", id: project.id }), expected: { action: "project.delete", entity: "project", entityId: project.id, detail: "Old jetty" } };
      },
    },
    "create-category": {
      prepare: async () => ({
        form: form({ intent: "create-category", name: "Jetties", type: "project" }),
        expected: { action: "category.create", entity: "category", detail: "Jetties" },
      }),
    },
    "name-category": {
      async prepare() {
        const category = await createCategory({ name: "Harbours", name_dv: null, description: null, type: "project" }, null);
        return { form: form({ intent: "name-category", id: category.id, name_dv: "ބަނދަރު" }), expected: { action: "category.name-dv", entity: "category", entityId: category.id, fields: ["name_dv"], detail: "ބަނދަރު" } };
      },
    },
  },
  "admin/media": {
    alt: {
      async prepare() {
        const key = await libraryFile();
        return { form: form({ intent: "alt", file_key: key, alt: "The harbour at dawn" }), expected: { action: "upload.alt", entity: "upload", entityId: key, fields: ["alt"] } };
      },
    },
    delete: {
      async prepare() {
        const key = await libraryFile();
        return { form: form({ intent: "delete", file_key: key }), expected: { action: "upload.delete", entity: "upload", entityId: key, detail: "harbour.png" } };
      },
    },
    replace: {
      async prepare() {
        const key = await libraryFile();
        const newKey = await libraryFile("site-assets/gallery/0123456789abcdef-1764000000001.png", "harbour-2.png");
        return {
          form: form({ intent: "replace", file_key: key, new_key: newKey }),
          expected: { action: "upload.replace", entity: "upload", entityId: newKey, detail: `harbour.png → harbour-2.png (${key} → ${newKey})` },
        };
      },
    },
  },
  "admin/contact-details": {
    move: {
      async prepare() {
        await createContactDetail(contactInput({ type: "email", value: "first@example.mv" }));
        const second = await createContactDetail(contactInput({ type: "email", value: "second@example.mv" }));
        return {
          form: form({ intent: "move", id: second.id, direction: "up" }),
          expected: { action: "contact-detail.move", entity: "contact-detail", entityId: second.id, fields: ["display_order"], detail: "up" },
        };
      },
    },
    create: {
      prepare: async () => ({
        form: form({ intent: "create", type: "email", value: "info@example.mv", is_public: "on" }),
        expected: { action: "contact-detail.create", entity: "contact-detail", fields: ["type", "value", "is_public"], detail: "email: info@example.mv" },
      }),
    },
    update: {
      async prepare() {
        const detail = await createContactDetail(contactInput({ type: "phone", value: "+960 330 0001", label: "Office" }));
        return {
          form: form({ intent: "update", id: detail.id, type: "phone", value: "+960 330 0002", label: "Office", is_public: "on" }),
          expected: { action: "contact-detail.update", entity: "contact-detail", entityId: detail.id, fields: ["value"], detail: "phone: +960 330 0002" },
        };
      },
    },
    delete: {
      async prepare() {
        const detail = await createContactDetail(contactInput({ value: "+960 330 0009" }));
        return { form: form({ intent: "delete", id: detail.id }), expected: { action: "contact-detail.delete", entity: "contact-detail", entityId: detail.id, detail: "phone: +960 330 0009" } };
      },
    },
  },
  "admin/profile": {
    update: {
      prepare: async (adminId) => ({
        form: form({ intent: "update", full_name: "Ahmed Naseem", avatar_url: "" }),
        expected: { action: "profile.update", entity: "profile", entityId: adminId, fields: ["full_name"] },
      }),
    },
    "change-password": {
      prepare: async (adminId) => ({
        form: form({ intent: "change-password", current_password: ADMIN_PASSWORD, new_password: "a-new-long-password", confirm_password: "a-new-long-password" }),
        expected: { kind: security, action: "password.change", entity: "user", entityId: adminId },
      }),
    },
    "sign-out-others": {
      prepare: async (adminId) => ({
        form: form({ intent: "sign-out-others" }),
        expected: { kind: security, action: "session.sign-out-others", entity: "user", entityId: adminId },
      }),
    },
  },
  "admin/settings": {
    update: {
      prepare: async () => ({
        form: form({ intent: "update", key: "header_logo_text", value: "Atoll Build" }),
        expected: { action: "setting.update", entity: "setting", entityId: "header_logo_text", fields: ["header_logo_text"], detail: "Atoll Build" },
      }),
    },
  },
  "admin/enquiries/templates": {
    "create-template": {
      prepare: async () => ({
        form: form({ intent: "create-template", name: "Call tomorrow", subject: "Your enquiry", body: "We will call you tomorrow." }),
        expected: { action: "reply-template.create", entity: "reply-template", detail: "Call tomorrow" },
      }),
    },
    "update-template": {
      async prepare() {
        const template = await createReplyTemplate({ name: "Old name", subject: "Your enquiry", body: "Hello" });
        return {
          form: form({ intent: "update-template", id: template.id, name: "New name", subject: "Your enquiry", body: "Hello" }),
          expected: { action: "reply-template.update", entity: "reply-template", entityId: template.id, detail: "New name" },
        };
      },
    },
    "delete-template": {
      async prepare() {
        const template = await createReplyTemplate({ name: "Going", subject: "Your enquiry", body: "Hello" });
        return { form: form({ intent: "delete-template", id: template.id }), expected: { action: "reply-template.delete", entity: "reply-template", entityId: template.id } };
      },
    },
  },
  "admin/enquiries": {
    ...Object.fromEntries(
      (
        [
          ["set-stage", { stage: "contacted" }, ["stage"]],
          ["add-note", { body: "Called, sending a quote" }, []],
          // Nobody to nobody: saved, but nothing changed, so no field is named.
          ["set-assignee", { assignee_id: "" }, []],
          ["set-follow-up", { follow_up_on: "2026-12-01" }, ["follow_up_on"]],
          ["set-value", { estimated_value: "125000" }, ["estimated_value"]],
          ["save-lead", { stage: "new", assignee_id: "", follow_up_on: "2026-12-01", estimated_value: "" }, ["follow_up_on"]],
          ["record-reply", { subject: "Re: Residential", body: "We will call you tomorrow." }, []],
        ] as const
      ).map(([intent, fields, changed]) => [
        intent,
        {
          async prepare() {
            const enquiry = await newEnquiry();
            return { form: form({ intent, id: enquiry.id, ...fields }), expected: { action: `enquiry.${intent}`, entity: "enquiry", entityId: enquiry.id, fields: [...changed] } };
          },
        } satisfies Case,
      ]),
    ),
    "send-reply": {
      async prepare() {
        const enquiry = await newEnquiry();
        setMailConfigForTests({ transport: smtp.sender.transport, from: "website@example.mv", to: "office@example.mv" });
        return {
          form: form({ intent: "send-reply", id: enquiry.id, subject: "Re: Residential", body: "We will call you tomorrow." }),
          expected: { action: "enquiry.send-reply", entity: "enquiry", entityId: enquiry.id, fields: [] },
        };
      },
    },
    "set-status": {
      async prepare() {
        const enquiry = await newEnquiry();
        return {
          form: form({ intent: "set-status", id: enquiry.id, status: "archived" }),
          expected: { action: "enquiry.set-status", entity: "enquiry", entityId: enquiry.id, fields: ["status"], detail: "new → archived" },
        };
      },
    },
    delete: {
      async prepare() {
        const enquiry = await newEnquiry();
        return { form: form({ intent: "delete", id: enquiry.id }), expected: { action: "enquiry.delete", entity: "enquiry", entityId: enquiry.id } };
      },
    },
    // A bulk action writes the one-by-one entry for each enquiry it changes (tests/integration/leads.test.ts has several).
    "bulk-status": {
      async prepare() {
        const enquiry = await newEnquiry();
        return {
          form: form({ intent: "bulk-status", ids: enquiry.id, status: "spam" }),
          expected: { action: "enquiry.set-status", entity: "enquiry", entityId: enquiry.id, fields: ["status"], detail: "new → spam" },
        };
      },
    },
    "bulk-delete": {
      async prepare() {
        const enquiry = await newEnquiry();
        return { form: form({ intent: "bulk-delete", ids: enquiry.id }), expected: { action: "enquiry.delete", entity: "enquiry", entityId: enquiry.id } };
      },
    },
  },
  "api/uploads": {
    "(no intent)": {
      async prepare() {
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#3a7bd5" } }).png().toBuffer();
        return {
          form: form({ bucket: "site-assets", folder: "logos", file: new Blob([new Uint8Array(png)], { type: "image/png" }) }),
          expected: { action: "upload.create", entity: "upload", detail: /^image\/\w+, \d+ bytes$/ },
        };
      },
    },
  },
};

async function entries() {
  const rows = await db().selectFrom("activity_log").selectAll().orderBy("created_at", "asc").execute();
  return rows.map((r) => ({ ...r, fields: JSON.parse(r.fields) as string[] }));
}

function adminPost(routePath: string, body: FormData, cookie: string, headers: Record<string, string> = {}) {
  return new Request(`${ORIGIN}/${routePath}`, { method: "POST", body, headers: { cookie, origin: ORIGIN, [CLIENT_IP_HEADER]: IP, ...headers } });
}

describe("every admin action writes exactly one activity entry", () => {
  it("has a case for every admin route with an action and every intent it answers", () => {
    expect(actionRoutes.map((r) => r.path).sort()).toEqual(Object.keys(CASES).sort());
    for (const r of actionRoutes) expect(Object.keys(CASES[r.path]).sort(), r.file).toEqual(intentsOf(r.file));
  });

  for (const [routePath, intents] of Object.entries(CASES)) {
    for (const [intent, testCase] of Object.entries(intents)) {
      it(`${routePath} ${intent}`, async () => {
        const route = actionRoutes.find((r) => r.path === routePath);
        expect(route, routePath).toBeDefined();
        const { admin, cookie } = await adminSession();
        const prepared = await testCase.prepare(admin.id, cookie);
        const { form: body, expected, params = {} } = prepared;
        const before = (await entries()).length;

        const url = routePath.replace(/:(\w+)/g, (_, name: string) => params[name]);
        const answer = await call(route!.action, adminPost(url, body, prepared.cookie ?? cookie), params);
        expect(answer.status, JSON.stringify(answer.data)).toBe(200);

        const after = await entries();
        expect(after.length - before).toBe(1);
        const entry = after.at(-1)!;
        expect(entry).toMatchObject({ actor_id: admin.id, actor_email: admin.email.toLowerCase(), ip: IP, kind: expected.kind ?? "content", action: expected.action, entity: expected.entity });
        if (expected.entityId !== undefined) expect(entry.entity_id).toBe(expected.entityId);
        else expect(entry.entity_id).toBeTruthy();
        if (expected.fields) expect(entry.fields.sort()).toEqual([...expected.fields].sort());
        if (expected.detail instanceof RegExp) expect(entry.detail).toMatch(expected.detail);
        else if (expected.detail !== undefined) expect(entry.detail).toBe(expected.detail);
      });
    }
  }

  it("a refused or invalid write records nothing", async () => {
    const { cookie } = await adminSession();
    const service = await createService(serviceInput(), null);
    const services = actionRoutes.find((r) => r.path === "admin/services")!.action;
    expect((await call(services, adminPost("admin/services", form({ intent: "update", id: service.id, title: "" }), cookie))).status).toBe(400);
    expect((await call(services, adminPost("admin/services", form({ intent: "delete", id: "no-such-id" }), cookie))).status).toBe(404);
    expect((await call(services, adminPost("admin/services", form({ intent: "explode" }), cookie))).status).toBe(400);
    expect(await entries()).toEqual([]);
  });

  it("an admin's change still succeeds when the log cannot be written", async () => {
    const { cookie } = await adminSession();
    await db().schema.dropTable("activity_log").execute();
    const services = actionRoutes.find((r) => r.path === "admin/services")!.action;
    const answer = await call<{ ok: boolean; id: string }>(services, adminPost("admin/services", form({ intent: "create", title: "Still saved", sort_order: "0" }), cookie));
    expect(answer).toMatchObject({ status: 200, data: { ok: true } });
    expect(await getService(answer.data.id)).toMatchObject({ title: "Still saved" });
    // The lost entry is logged for the operator.
    expect(drainErrorLogs().map((l) => l.msg)).toEqual(["activity entry not recorded"]);
  });
});

describe("sign-in events", () => {
  const saved = { ip: env.LOGIN_IP_LIMIT };
  afterEach(() => {
    env.LOGIN_IP_LIMIT = saved.ip;
  });

  const loginRequest = (fields: Record<string, string>) =>
    new Request(`${ORIGIN}/admin/login`, { method: "POST", body: form(fields), headers: { origin: ORIGIN, [CLIENT_IP_HEADER]: IP } });

  it("records success, failure, a refused non-admin and sign-out, each once", async () => {
    env.LOGIN_IP_LIMIT = "100/10";
    const admin = await createAdmin();
    const member = await createMember();

    expect((await call(login.action, loginRequest({ email: admin.email, password: "wrong-password" }))).status).toBe(401);
    expect((await call(login.action, loginRequest({ email: member.email, password: ADMIN_PASSWORD }))).status).toBe(403);
    const ok = await call(login.action, loginRequest({ email: admin.email, password: ADMIN_PASSWORD }));
    expect(ok.status).toBe(302);
    const cookie = (ok.headers?.getSetCookie() ?? []).map((c) => c.split(";")[0]).join("; ");
    const out = await call(logout.action, new Request(`${ORIGIN}/admin/logout`, { method: "POST", headers: { cookie, origin: ORIGIN, [CLIENT_IP_HEADER]: IP } }));
    expect(out.status).toBe(302);

    const log = await entries();
    expect(log.map((e) => [e.kind, e.action, e.actor_id, e.actor_email, e.ip])).toEqual([
      ["security", "sign-in.failure", null, admin.email.toLowerCase(), IP],
      ["security", "sign-in.refused", member.id, member.email.toLowerCase(), IP],
      ["security", "sign-in.success", admin.id, admin.email.toLowerCase(), IP],
      ["security", "sign-out", admin.id, admin.email.toLowerCase(), IP],
    ]);
  });

  it("records a rate-limited attempt", async () => {
    env.LOGIN_IP_LIMIT = "1/60";
    const admin = await createAdmin();
    expect((await call(login.action, loginRequest({ email: admin.email, password: "wrong-password" }))).status).toBe(401);
    expect((await call(login.action, loginRequest({ email: admin.email, password: ADMIN_PASSWORD }))).status).toBe(429);
    // A flood of blocked attempts from one address is one entry a minute, not one per request.
    for (let i = 0; i < 3; i++) expect((await call(login.action, loginRequest({ email: admin.email, password: ADMIN_PASSWORD }))).status).toBe(429);
    expect((await entries()).map((e) => [e.action, e.detail])).toEqual([
      ["sign-in.failure", "Wrong email or password"],
      ["sign-in.rate-limited", "Too many attempts from this address"],
    ]);
  });

  it("records sign-in and sign-out through /api/auth as well", async () => {
    const admin = await createAdmin();
    const json = (path: string, body: unknown, cookie?: string) =>
      new Request(`${ORIGIN}${path}`, {
        method: "POST",
        body: JSON.stringify(body),
        headers: { "content-type": "application/json", origin: ORIGIN, [CLIENT_IP_HEADER]: IP, ...(cookie ? { cookie } : {}) },
      });
    const signedIn = (await apiAuth.action({ request: json("/api/auth/sign-in/email", { email: admin.email, password: ADMIN_PASSWORD }), params: {}, context: {} } as never)) as Response;
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
    const signedOut = (await apiAuth.action({ request: json("/api/auth/sign-out", {}, cookie), params: {}, context: {} } as never)) as Response;
    expect(signedOut.status).toBe(200);
    expect((await entries()).map((e) => [e.action, e.actor_id, e.ip])).toEqual([
      ["sign-in.success", admin.id, IP],
      ["sign-out", admin.id, IP],
    ]);
  });

  it("a sign-out without a session records nothing", async () => {
    await call(logout.action, new Request(`${ORIGIN}/admin/logout`, { method: "POST", headers: { origin: ORIGIN } }));
    expect(await entries()).toEqual([]);
  });
});

describe("changed fields", () => {
  it("compares stored values with the input: empty and null agree, lists and numbers by value", () => {
    expect(changedFields({ a: null, b: ["x"], c: "410000.00", d: true }, { a: "", b: ["x"], c: 410000, d: false })).toEqual(["d"]);
    expect(changedFields(null, { a: "set", b: null, c: [], d: false, e: true, f: 0 })).toEqual(["a", "e", "f"]);
  });
});

// ---- pruning ----

async function entryAt(iso: string, overrides: Partial<Parameters<typeof recordActivity>[0]> = {}) {
  const known = new Set((await db().selectFrom("activity_log").select("id").execute()).map((r) => r.id));
  await recordActivity({ actorId: null, actorEmail: "someone@example.com", kind: "content", action: "service.update", ...overrides });
  const written = (await db().selectFrom("activity_log").select("id").execute()).filter((r) => !known.has(r.id));
  expect(written).toHaveLength(1);
  // Moved to the moment the test needs.
  await db().updateTable("activity_log").set({ created_at: iso }).where("id", "=", written[0].id).execute();
}

describe("pruning", () => {
  it("deletes entries older than 12 months and keeps the rest", async () => {
    const now = new Date("2026-11-24T02:00:00Z");
    expect(activityCutoff(now).toISOString()).toBe("2025-11-24T02:00:00.000Z");
    await entryAt("2025-11-24T01:59:00.000Z", { action: "old" });
    await entryAt("2025-11-24T02:01:00.000Z", { action: "kept" });
    await entryAt("2026-11-24T01:00:00.000Z", { action: "recent" });
    expect(await pruneOldActivity(now)).toBe(1);
    expect((await entries()).map((e) => e.action)).toEqual(["kept", "recent"]);
  });

  it("runs at start", async () => {
    const old = new Date(Date.now() - 400 * 86_400_000).toISOString();
    await entryAt(old, { action: "old" });
    await recordActivity({ actorId: null, kind: "security", action: "fresh" });
    startActivityPruning(60_000);
    await stopActivityPruning();
    expect((await entries()).map((e) => e.action)).toEqual(["fresh"]);
  });
});

// ---- the page and the CSV ----

type PageData = {
  entries: Array<{ action: string; actor_email: string | null; kind: string; created_at: string }>;
  total: number;
  page: number;
  pageCount: number;
  people: Array<{ id: string; email: string }>;
  query: Record<string, unknown>;
  fieldErrors: Record<string, string>;
};

describe("the Activity page", () => {
  it("filters by person, kind and Maldives days, newest first", async () => {
    const { admin, cookie } = await adminSession();
    const other = await createAdmin("other@example.com");
    await entryAt("2026-03-01T18:59:00.000Z", { actorId: admin.id, actorEmail: admin.email, action: "a.before-midnight" }); // Mar 1, 23:59 Maldives
    await entryAt("2026-03-01T19:00:00.000Z", { actorId: other.id, actorEmail: other.email, action: "b.midnight", kind: "security" }); // Mar 2, 00:00
    await entryAt("2026-03-02T18:59:59.000Z", { actorId: admin.id, actorEmail: admin.email, action: "c.end-of-day" }); // Mar 2, 23:59
    await entryAt("2026-03-02T19:00:00.000Z", { actorId: other.id, actorEmail: other.email, action: "d.next-day" }); // Mar 3

    const load = async (qs: string) => (await call<PageData>(activityPage.loader, new Request(`${ORIGIN}/admin/activity${qs}`, { headers: { cookie } }))).data;

    expect((await load("")).entries.map((e) => e.action)).toEqual(["d.next-day", "c.end-of-day", "b.midnight", "a.before-midnight"]);
    expect((await load("?from=2026-03-02&to=2026-03-02")).entries.map((e) => e.action)).toEqual(["c.end-of-day", "b.midnight"]);
    expect((await load("?from=2026-03-03")).entries.map((e) => e.action)).toEqual(["d.next-day"]);
    expect((await load("?to=2026-03-01")).entries.map((e) => e.action)).toEqual(["a.before-midnight"]);
    expect((await load(`?person=${other.id}`)).entries.map((e) => e.action)).toEqual(["d.next-day", "b.midnight"]);
    expect((await load("?kind=security")).entries.map((e) => e.action)).toEqual(["b.midnight"]);
    expect((await load(`?kind=content&person=${admin.id}&from=2026-03-02`)).entries.map((e) => e.action)).toEqual(["c.end-of-day"]);
    expect((await load("")).people).toEqual(
      [
        { id: admin.id, email: admin.email.toLowerCase() },
        { id: other.id, email: "other@example.com" },
      ].sort((a, b) => a.email.localeCompare(b.email)),
    );
  });

  it("answers bad filters with field errors and applies the good ones", async () => {
    const { cookie } = await adminSession();
    await recordActivity({ actorId: null, kind: "security", action: "sign-in.failure" });
    await recordActivity({ actorId: null, kind: "content", action: "service.update" });
    const answer = await call<PageData>(activityPage.loader, new Request(`${ORIGIN}/admin/activity?kind=security&from=2026-02-30&to=yesterday&page=-1&person=%27%3B`, { headers: { cookie } }));
    expect(answer.status).toBe(200);
    expect(answer.data.fieldErrors).toEqual({
      from: "Enter a real date",
      to: "Enter a date as YYYY-MM-DD",
      page: "Page must be 1 or more",
      person: "Unknown person",
    });
    expect(answer.data.entries.map((e) => e.action)).toEqual(["sign-in.failure"]);
    const reversed = await call<PageData>(activityPage.loader, new Request(`${ORIGIN}/admin/activity?from=2026-03-05&to=2026-03-01`, { headers: { cookie } }));
    expect(reversed.data.fieldErrors).toEqual({ to: "The end date must not be before the start date" });
  });

  it("pages by 50", async () => {
    const { cookie } = await adminSession();
    const base = Date.parse("2026-05-01T00:00:00Z");
    for (let i = 0; i < 55; i++) await entryAt(new Date(base + i * 60_000).toISOString(), { action: `n${String(i).padStart(2, "0")}` });
    const page = async (n: number) => (await call<PageData>(activityPage.loader, new Request(`${ORIGIN}/admin/activity?page=${n}`, { headers: { cookie } }))).data;
    const first = await page(1);
    expect(first).toMatchObject({ total: 55, page: 1, pageCount: 2 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0].action).toBe("n54");
    const second = await page(2);
    expect(second.entries.map((e) => e.action)).toEqual(["n04", "n03", "n02", "n01", "n00"]);
    expect((await page(9)).entries).toEqual([]);
  });
});

describe("the CSV export", () => {
  const exportRequest = (qs: string, cookie: string, headers: Record<string, string> = {}) =>
    new Request(`${ORIGIN}/admin/activity/export.csv${qs}`, { headers: { cookie, ...headers } });

  it("exports the filtered entries, newest first, with formulas defused", async () => {
    const { admin, cookie } = await adminSession();
    await entryAt("2026-04-01T10:00:00.000Z", { actorId: admin.id, actorEmail: admin.email, ip: IP, action: "setting.update", entity: "setting", entityId: "header_logo_text", fields: ["header_logo_text"], detail: "=HYPERLINK(\"x\")" });
    await entryAt("2026-04-02T10:00:00.000Z", { actorId: null, actorEmail: "guess@example.com", kind: "security", action: "sign-in.failure", entity: "session" });
    await entryAt("2026-04-03T10:00:00.000Z", { actorId: admin.id, actorEmail: admin.email, action: "service.delete", entity: "service", entityId: "s1", detail: "Pools, \"deluxe\"" });

    const response = await activityExport.loader({ request: exportRequest("?kind=content", cookie, { "sec-fetch-site": "same-origin" }), params: {}, context: {} } as never);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="activity-\d{4}-\d{2}-\d{2}\.csv"$/);
    const bytes = Buffer.from(await response.arrayBuffer());
    // A byte-order mark first, so spreadsheet programs read the file as UTF-8.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.subarray(3).toString("utf8");
    expect(text.split("\r\n")).toEqual([
      "When (UTC),Person,Account id,IP address,Kind,Action,Description,Entity,Entity id,Name,Fields changed,Detail",
      `2026-04-03T10:00:00.000Z,${admin.email.toLowerCase()},${admin.id},,Content,service.delete,Moved a service to the Trash,service,s1,,,"Pools, ""deluxe"""`,
      `2026-04-01T10:00:00.000Z,${admin.email.toLowerCase()},${admin.id},${IP},Content,setting.update,Changed a setting,setting,header_logo_text,,Header Logo Text,"'=HYPERLINK(""x"")"`,
      "",
    ]);

    const security = await (await activityExport.loader({ request: exportRequest("?kind=security", cookie), params: {}, context: {} } as never)).text();
    expect(security).toContain("guess@example.com");
    expect(security).not.toContain("service.delete");
  });

  it("refuses another site, and bad filters with 400", async () => {
    const { cookie } = await adminSession();
    const cross = await call(activityExport.loader, exportRequest("", cookie, { "sec-fetch-site": "cross-site" }));
    expect(cross).toMatchObject({ status: 403, data: { error: "Cross-site request refused" } });
    const foreign = await call(activityExport.loader, exportRequest("", cookie, { origin: "https://evil.example.com" }));
    expect(foreign.status).toBe(403);
    const bad = await call(activityExport.loader, exportRequest("?from=someday", cookie));
    expect(bad).toMatchObject({ status: 400, data: { fieldErrors: { from: "Enter a date as YYYY-MM-DD" } } });
  });

  it("is refused to a signed-out visitor and a non-admin", async () => {
    const member = await createMember();
    const { signInCookie } = await import("./admin-support");
    const memberCookie = await signInCookie(member.email);
    expect(await call(activityExport.loader, new Request(`${ORIGIN}/admin/activity/export.csv`))).toMatchObject({ status: 302, location: expect.stringMatching(/^\/admin\/login/) });
    expect((await call(activityExport.loader, exportRequest("", memberCookie))).status).toBe(302);
    expect((await call(activityPage.loader, new Request(`${ORIGIN}/admin/activity`, { headers: { cookie: memberCookie } }))).status).toBe(302);
  });
});

it("enquiry set-status really changed the enquiry it logged", async () => {
  // Guards the log's "new → archived" against a log written for a change that did not happen.
  const { cookie } = await adminSession();
  const enquiry = await newEnquiry();
  const enquiries = actionRoutes.find((r) => r.path === "admin/enquiries")!.action;
  await call(enquiries, adminPost("admin/enquiries", form({ intent: "set-status", id: enquiry.id, status: "spam" }), cookie));
  expect((await getEnquiry(enquiry.id))?.status).toBe("spam");
  expect((await entries()).map((e) => e.detail)).toEqual(["new → spam"]);
});
