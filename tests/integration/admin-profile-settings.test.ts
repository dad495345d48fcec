import { drainErrorLogs } from "~/.server/logger";
import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { getProfile, setProfileRole } from "~/.server/models/profiles";
import { getPublicSettings, listSettings } from "~/.server/models/settings";
import * as dashboard from "~/routes/admin/dashboard";
import * as layout from "~/routes/admin/layout";
import * as profile from "~/routes/admin/profile";
import * as settings from "~/routes/admin/settings";
import { createProject } from "~/.server/models/projects";
import { projectInput } from "../factories";
import { createTestDatabase, ENGINE, useTestDatabase } from "../setup/database";
import { setDatabase } from "~/.server/db";
import { pingDatabase } from "~/.server/models/system";
import { adminSession, call, getRequest, postRequest } from "./admin-support";

const database = useTestDatabase();

describe("admin profile", () => {
  it("shows the account and updates only the signed-in user's name and avatar", async () => {
    const { admin, cookie } = await adminSession();
    const other = await adminSession();
    const loaded = await call<{ profile: Record<string, unknown> }>(profile.loader, getRequest("/admin/profile", cookie));
    expect(loaded.data.profile).toMatchObject({ id: admin.id, email: admin.email, role: "admin", fullName: "Test Admin" });

    const saved = await call(profile.action, postRequest("/admin/profile", { intent: "update", full_name: "  Aminath Ali ", avatar_url: "/uploads/site-assets/avatars/a.webp", id: other.admin.id, role: "user" }, cookie));
    expect(saved.data).toMatchObject({ ok: true, message: "Profile updated successfully" });
    expect(await getProfile(admin.id)).toMatchObject({ full_name: "Aminath Ali", avatar_url: "/uploads/site-assets/avatars/a.webp", role: "admin" });
    expect(await getProfile(other.admin.id)).toMatchObject({ full_name: "Test Admin", avatar_url: null });

    const shell = await call<{ user: Record<string, unknown> }>(layout.loader, getRequest("/admin/dashboard", cookie));
    expect(shell.data.user).toMatchObject({ fullName: "Aminath Ali", email: admin.email });

    const bad = await call(profile.action, postRequest("/admin/profile", { intent: "update", full_name: "x".repeat(101), avatar_url: "javascript:alert(1)" }, cookie));
    expect(bad).toMatchObject({ status: 400, data: { ok: false, message: "Failed to update profile" } });
    expect(Object.keys(bad.data.fieldErrors as object).sort()).toEqual(["avatar_url", "full_name"]);
  });

  it("reads the sidebar state from its cookie", async () => {
    const { cookie } = await adminSession();
    const collapsed = await call<{ sidebarCollapsed: boolean }>(layout.loader, getRequest("/admin/dashboard", `${cookie}; admin_sidebar=collapsed`));
    expect(collapsed.data.sidebarCollapsed).toBe(true);
    const wide = await call<{ sidebarCollapsed: boolean }>(layout.loader, getRequest("/admin/dashboard", cookie));
    expect(wide.data.sidebarCollapsed).toBe(false);
  });

  it("closes the profile page once the role is no longer 'admin'", async () => {
    const { admin, cookie } = await adminSession();
    const loaded = await call<{ profile: { role: string | null } }>(profile.loader, getRequest("/admin/profile", cookie));
    expect(loaded.data.profile.role).toBe("admin");
    await setProfileRole(admin.id, null);
    // No longer an admin: the page itself is closed.
    expect((await call(profile.loader, getRequest("/admin/profile", cookie))).status).toBe(302);
  });
});

describe("admin settings", () => {
  it("lists settings with defaults and updates one key at a time", async () => {
    const { cookie } = await adminSession();
    const loaded = await call<{ settings: Record<string, string> }>(settings.loader, getRequest("/admin/settings", cookie));
    expect(loaded.data.settings).toMatchObject({ header_logo_type: "text", hero_background_type: "image", show_sample_content: "true" });

    for (const [key, value] of [
      ["header_logo_text", "Reef Builders"],
      ["header_logo_type", "image"],
      ["header_logo_image_url", "/uploads/site-assets/logos/l.webp"],
      ["hero_background_type", "video"],
      ["hero_background_url", "https://cdn.example.com/hero.mp4"],
      ["show_sample_content", "false"],
    ]) {
      const saved = await call(settings.action, postRequest("/admin/settings", { intent: "update", key, value }, cookie));
      expect(saved.data, key).toMatchObject({ ok: true, message: "Setting updated successfully" });
    }
    expect(await getPublicSettings()).toMatchObject({
      header_logo_text: "Reef Builders",
      header_logo_type: "image",
      hero_background_type: "video",
      show_sample_content: "false",
    });
    expect((await listSettings()).find((r) => r.setting_key === "hero_background_url")?.setting_value).toBe("https://cdn.example.com/hero.mp4");
  });

  it("refuses unknown keys and bad values with 'Failed to update setting'", async () => {
    const { cookie } = await adminSession();
    for (const fields of [
      { key: "site_initialized_at", value: "x" },
      { key: "header_logo_type", value: "banner" },
      { key: "hero_background_url", value: "javascript:alert(1)" },
      { key: "show_sample_content", value: "maybe" },
      { key: "footer_logo_text", value: "x".repeat(81) },
    ]) {
      const answer = await call(settings.action, postRequest("/admin/settings", { intent: "update", ...fields }, cookie));
      expect(answer, fields.key).toMatchObject({ status: 400, data: { ok: false, message: "Failed to update setting" } });
    }
    expect(await getPublicSettings()).toMatchObject({ header_logo_type: "text", show_sample_content: "true", footer_logo_text: "" });
  });
});

describe("admin settings action edges", () => {
  it("a post without an intent is an update; an unknown intent or a body that is not a form changes nothing", async () => {
    const { cookie } = await adminSession();
    const saved = await call(settings.action, postRequest("/admin/settings", { key: "footer_logo_text", value: "Reef Builders" }, cookie));
    expect(saved).toMatchObject({ status: 200, data: { ok: true, name: "footer_logo_text", message: "Setting updated successfully" } });
    const unknown = await call(settings.action, postRequest("/admin/settings", { intent: "reset", key: "footer_logo_text", value: "Other" }, cookie));
    expect(unknown).toMatchObject({ status: 400, data: { ok: false, intent: "reset", message: "Unknown action" } });
    const unreadable = new Request("http://localhost:3000/admin/settings", {
      method: "POST",
      body: "{not a form",
      headers: { cookie, origin: "http://localhost:3000", "content-type": "multipart/form-data; boundary=x" },
    });
    expect(await call(settings.action, unreadable)).toMatchObject({ status: 400, data: { ok: false, message: "Failed to update setting", detail: "The request was not a form" } });
    // A field error names its field; the toast is the page's one failure.
    const tooLong = await call(settings.action, postRequest("/admin/settings", { intent: "update", key: "footer_logo_text", value: "x".repeat(81) }, cookie));
    expect(tooLong).toMatchObject({ status: 400, data: { message: "Failed to update setting", fieldErrors: { value: "Logo text must be at most 80 characters" } } });
    expect(tooLong.data).not.toHaveProperty("detail");
    expect(await getPublicSettings()).toMatchObject({ footer_logo_text: "Reef Builders" });
  });
});

describe("admin dashboard", () => {
  it("counts projects and checks the database", async () => {
    const { cookie } = await adminSession();
    await createProject(projectInput({ is_featured: "true" }), null);
    await createProject(projectInput({ is_public: "" }), null);
    await createProject(projectInput(), null);
    const answer = await call<{ counts: Record<string, number>; databaseOk: boolean; today: string }>(dashboard.loader, getRequest("/admin/dashboard", cookie));
    expect(answer.data.counts).toEqual({ total: 3, featured: 1, public: 2 });
    expect(answer.data.databaseOk).toBe(true);
    expect(answer.data.today).toMatch(/\d{4}$/);
  });

  it("shows zeros when the counts fail, and reports a database that does not answer", async () => {
    const { cookie } = await adminSession();
    // Keep the session readable but break the projects table: the counts fail, the page still loads.
    await sql`drop table projects${ENGINE === "postgres" ? sql` cascade` : sql``}`.execute(database.current().db);
    const answer = await call<{ counts: Record<string, number>; databaseOk: boolean }>(dashboard.loader, getRequest("/admin/dashboard", cookie));
    expect(answer.status).toBe(200);
    expect(answer.data.counts).toEqual({ total: 0, featured: 0, public: 0 });
    expect(answer.data.databaseOk).toBe(true);

    const broken = await createTestDatabase();
    await broken.drop();
    setDatabase(broken);
    try {
      expect(await pingDatabase()).toBe(false);
    } finally {
      setDatabase(database.current());
    }
    expect(drainErrorLogs().map((l) => l.msg)).toEqual(expect.arrayContaining(["dashboard counts failed", "database check failed"]));
  });
});
