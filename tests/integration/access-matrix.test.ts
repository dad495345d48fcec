import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { exportData } from "~/.server/models/site-data";
import { db } from "~/.server/db";
import { DiskStorage, setStorage } from "~/.server/storage";
import routes from "~/routes";
import { ADMIN_PASSWORD, contactInput, createAdmin, projectInput, serviceInput } from "../factories";
import { can, PERMISSIONS, type Role, ROLE_PERMISSIONS, type RoutePermissions } from "~/lib/permissions";
import { ensureUser } from "~/.server/models/users";
import { createContactDetail } from "~/.server/models/contact-details";
import { createProject } from "~/.server/models/projects";
import { createService } from "~/.server/models/services";
import { recordMedia } from "~/.server/models/media";
import { useTestDatabase } from "../setup/database";
import { call, intentsOf, memberSession, ORIGIN, signInCookie } from "./admin-support";

// docs/product.md#access: the list of protected routes is read from app/routes.ts itself, so a new admin page or
// resource route is covered without anyone remembering to add it here. Each is called signed out, as a signed-in
// member without a role, and with an expired session: refused, and neither the database nor the upload storage
// changes. Then as Sales, Editor and Owner: what each may do is read from each route's exported `permissions` and the
// role table (app/lib/permissions.ts), so an intent without a rule fails here; every refusal changes nothing.

// Signed-out pages on purpose, each with its own tests (tests/integration/staff.test.ts): the second
// sign-in step, forgot and reset password, accepting an invite; and the emailed unlock link (tests/integration/sign-in-lockout.test.ts).
const PUBLIC = new Set(["admin/login", "admin/logout", "admin/login/two-factor", "admin/forgot-password", "admin/reset-password", "admin/accept-invite", "admin/login/unlock"]);

function flatten(entries: RouteConfigEntry[], parent = ""): Array<{ path: string; file: string }> {
  return entries.flatMap((e) => {
    const full = [parent, e.path ?? ""].filter(Boolean).join("/");
    return [{ path: full, file: e.file }, ...flatten(e.children ?? [], full)];
  });
}

const PROTECTED = flatten(routes as RouteConfigEntry[]).filter(
  (r) => (r.path.startsWith("admin") || r.path.startsWith("api/uploads")) && !PUBLIC.has(r.path),
);

const modules = Object.fromEntries(
  await Promise.all(PROTECTED.map(async (r) => [r.file, await import(`~/${r.file.replace(/\.tsx?$/, "")}`)] as const)),
) as Record<string, { loader?: unknown; action?: unknown; permissions?: RoutePermissions }>;

let storageDir: string;
beforeEach(() => {
  storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "access-storage-"));
  setStorage(new DiskStorage(storageDir));
});
afterEach(() => {
  setStorage(undefined);
  fs.rmSync(storageDir, { recursive: true, force: true });
});

useTestDatabase();

const filesIn = (dir: string): string[] =>
  fs.existsSync(dir) ? fs.readdirSync(dir, { recursive: true }).map(String).sort() : [];

async function state() {
  const data = await exportData({ db: db(), engine: "sqlite", close: async () => undefined } as never);
  // Sessions, rate-limit counters and the start-up marker are not content.
  const { session: _s, rate_limits: _r, verification: _v, ...content } = data.tables;
  return { content, files: filesIn(storageDir) };
}

/** An action's intents as its `permissions` name them, read from the code (one without intents is ""): a new one is covered without a hand list. */
const intentKeys = (file: string) => intentsOf(file).map((i) => (i === "(no intent)" ? "" : i));

/** Hostile writes an action might accept: each intent given, with plausible fields. */
function hostileBodies(intents: string[], fileKey = "x"): FormData[] {
  return intents.map((intent) => {
    const form = new FormData();
    if (intent !== "" && intent !== "(no intent)") form.set("intent", intent);
    form.set("id", "x");
    form.append("ids", "x");
    form.set("title", "Intruder");
    form.set("name", "Intruder");
    form.set("type", "phone");
    form.set("value", "+960 999 9999");
    form.set("key", "header_logo_text");
    form.set("file_key", fileKey);
    form.set("alt", "Intruder");
    form.set("direction", "up");
    form.set("full_name", "Intruder");
    form.set("email", "intruder@example.com");
    form.set("password", "intruder-password");
    form.set("current_password", "intruder-password");
    form.set("new_password", "intruder-password-2");
    form.set("confirm_password", "intruder-password-2");
    form.set("code", "123456");
    form.set("bucket", "site-assets");
    form.set("folder", "logos");
    form.set("kind", "service");
    form.set("version_id", "x");
    form.set("section", "faq");
    form.set("revision", "0");
    form.set("versionId", "x");
    form.set("content", JSON.stringify({ eyebrow: "FAQ", title: "Intruder", intro: "x", items: [{ question: "Intruder?", answer: "Yes" }] }));
    form.set("stage", "won");
    form.set("role", "sales");
    form.set("body", "Intruder note");
    form.set("subject", "Intruder");
    form.set("follow_up_on", "2026-12-01");
    form.set("estimated_value", "1");
    form.set("file", new Blob([Buffer.from("89504e470d0a1a0a", "hex")], { type: "image/png" }), "x.png");
    return form;
  });
}

async function expiredAdminCookie() {
  const admin = await createAdmin();
  const cookie = await signInCookie(admin.email);
  await db().updateTable("session").set({ expiresAt: new Date(Date.now() - 60_000).toISOString() }).execute();
  return cookie;
}

describe("every admin page, action and resource route refuses anyone but an admin", () => {
  it("finds the protected routes in the route table", () => {
    const paths = PROTECTED.map((r) => r.path);
    for (const expected of ["admin", "admin/dashboard", "admin/services", "admin/projects", "admin/contact-details", "admin/profile", "admin/settings", "admin/enquiries", "admin/activity", "admin/activity/export.csv", "admin/trash", "admin/services/:id/history", "admin/projects/:id/history", "api/uploads", "admin/team", "admin/profile/two-factor", "admin/site-content", "admin/enquiries/templates", "admin/enquiries/:id/attachments/:attachmentId", "admin/insight", "admin/media"]) {
      expect(paths).toContain(expected);
    }
    for (const r of PROTECTED) expect(modules[r.file].loader ?? modules[r.file].action, r.file).toBeDefined();
  });

  for (const who of ["signed out", "non-admin", "expired session"] as const) {
    it(`${who}: loaders refuse and actions change nothing`, async () => {
      // Something to delete or change, so a broken guard would show.
      await createService(serviceInput({ is_active: "on" }), null);
      await createProject(projectInput(), null);
      await createContactDetail(contactInput());
      // A library file nothing uses: Media's delete and alt text would change it.
      const fileKey = "site-assets/gallery/0123456789abcdef-1764000000000.png";
      fs.mkdirSync(path.join(storageDir, "site-assets/gallery"), { recursive: true });
      fs.writeFileSync(path.join(storageDir, fileKey), Buffer.from("89504e470d0a1a0a", "hex"));
      await recordMedia([{ key: fileKey, url: `/uploads/${fileKey}`, fileName: "library.png", bytes: 8 }], null);
      const cookie = who === "non-admin" ? (await memberSession()).cookie : who === "expired session" ? await expiredAdminCookie() : undefined;
      const before = await state();
      const headers = (extra: Record<string, string> = {}) => ({ ...(cookie ? { cookie } : {}), origin: ORIGIN, ...extra });

      for (const r of PROTECTED) {
        const url = `${ORIGIN}/${r.path}`;
        const mod = modules[r.file];
        if (typeof mod.loader === "function") {
          const answer = await call(mod.loader, new Request(url, { headers: headers() }));
          // 405: a write-only resource route that has nothing to show to anyone.
          expect([302, 401, 403, 405], `${r.path} loader`).toContain(answer.status);
          if (answer.status === 302) expect(answer.location, `${r.path} loader`).toMatch(/^\/admin\/login/);
        }
        if (typeof mod.action === "function") {
          // Its own intents and one it does not have: the guard refuses before the body is read, whatever it says.
          for (const body of hostileBodies([...intentKeys(r.file), "no-such-intent"], fileKey)) {
            const answer = await call(mod.action, new Request(url, { method: "POST", body, headers: headers() }));
            expect([401, 403], `${r.path} action ${body.get("intent")}`).toContain(answer.status);
          }
        }
      }
      expect(await state()).toEqual(before);
    });
  }
});

// The upload route's one write is everyone's for an avatar; the hostile body's folder (logos) is the site's.
const FOLDER_RULE: Record<string, RoutePermissions["loader"]> = { "routes/api/uploads.ts": "content.edit" };

function expectedFor(file: string, intent: string) {
  return FOLDER_RULE[file] ?? modules[file].permissions?.intents?.[intent];
}

describe("each role gets exactly what the permission table gives it", () => {
  it("every protected route names the permission of its page and of each intent", () => {
    for (const r of PROTECTED) {
      const mod = modules[r.file];
      const named = [mod.permissions?.loader, ...Object.values(mod.permissions?.intents ?? {})].filter(Boolean);
      for (const permission of named) expect(PERMISSIONS, r.file).toContain(permission);
      // A write-only resource route's loader answers 405 to everyone and needs no permission.
      if (typeof mod.loader === "function" && r.file !== "routes/api/uploads.ts") expect(mod.permissions?.loader, `${r.file} loader`).toBeDefined();
      if (typeof mod.action === "function") {
        for (const intent of intentKeys(r.file)) expect(mod.permissions?.intents?.[intent], `${r.file} intent "${intent}"`).toBeDefined();
      }
    }
  });

  for (const role of ["sales", "editor", "admin"] as const satisfies Role[]) {
    it(`${role}: allowed pages and writes answer, the others are refused and change nothing`, async () => {
      await createService(serviceInput({ is_active: "on" }), null);
      await createProject(projectInput(), null);
      await createContactDetail(contactInput());
      const member = await ensureUser({ email: `${role}-${Date.now()}@example.com`, password: ADMIN_PASSWORD, name: role, role });
      const cookie = await signInCookie(member.email);
      const headers = { cookie, origin: ORIGIN };
      const allowed: Array<() => Promise<void>> = [];
      const before = await state();

      for (const r of PROTECTED) {
        const url = `${ORIGIN}/${r.path}`;
        const mod = modules[r.file];
        const loaderPermission = mod.permissions?.loader;
        if (typeof mod.loader === "function" && loaderPermission) {
          const run = () => call(mod.loader, new Request(url, { headers }));
          if (can(role, loaderPermission)) {
            allowed.push(async () => {
              const answer = await run();
              expect([401, 403], `${r.path} loader as ${role}`).not.toContain(answer.status);
              expect(answer.location ?? "", `${r.path} loader as ${role}`).not.toMatch(/^\/admin\/login/);
            });
          } else {
            // The 403 page of the admin layout, not the sign-in form: this member is signed in.
            expect((await run()).status, `${r.path} loader as ${role}`).toBe(403);
          }
        }
        if (typeof mod.action !== "function") continue;
        // Its own intents, and one it does not have: refused as unknown (400) or as not this role's (403).
        for (const intent of [...intentKeys(r.file), "no-such-intent"]) {
          const run = () => call(mod.action, new Request(url, { method: "POST", body: hostileBodies([intent])[0], headers }));
          const permission = expectedFor(r.file, intent);
          if (permission && can(role, permission)) {
            allowed.push(async () => {
              expect([401, 403], `${r.path} action "${intent}" as ${role}`).not.toContain((await run()).status);
            });
          } else {
            expect([400, 403], `${r.path} action "${intent}" as ${role}`).toContain((await run()).status);
          }
        }
      }
      // Every refusal above changed nothing; the allowed calls come after, since they may change things.
      expect(await state()).toEqual(before);
      for (const check of allowed) await check();
      expect(ROLE_PERMISSIONS[role].length).toBeGreaterThan(0);
    });
  }
});
