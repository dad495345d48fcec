import { describe, expect, it } from "vitest";
import { sql } from "kysely";
import { db } from "~/.server/db";
import { createCategory, listCategories } from "~/.server/models/categories";
import {
  createContactDetail,
  deleteContactDetail,
  listContactDetails,
  listPublicContactDetails,
  updateContactDetail,
} from "~/.server/models/contact-details";
import { getProfile, updateProfile } from "~/.server/models/profiles";
import { getPublicSettings, listSettings, unquoteSetting, updateSetting } from "~/.server/models/settings";
import { CategorySchema } from "~/validation/category";
import { useTestDatabase } from "../setup/database";
import { contactInput, createAdmin, createMember } from "../factories";

useTestDatabase();

describe("categories", () => {
  it("lists active categories of the type or 'both', by name", async () => {
    const admin = await createAdmin();
    for (const [name, type] of [["Zeta", "service"], ["Alpha", "both"], ["Proj", "project"], ["Mid", "service"]] as const) {
      await createCategory(CategorySchema.parse({ name, type }), admin.id);
    }
    await db().updateTable("categories").set({ is_active: false }).where("name", "=", "Mid").execute();
    expect((await listCategories("service")).map((c) => c.name)).toEqual(["Alpha", "Zeta"]);
    expect((await listCategories("project")).map((c) => c.name)).toEqual(["Alpha", "Proj"]);
    expect((await listCategories("service"))[0]).toMatchObject({ created_by: admin.id, is_active: true, type: "both" });
  });
});

describe("contact details", () => {
  it("gives a new entry display_order = current count and filters the public list", async () => {
    const a = await createContactDetail(contactInput({ value: "+960 111 1111", display_order: "50" }));
    const b = await createContactDetail(contactInput({ type: "email", value: "a@b.mv", is_public: "" }));
    const c = await createContactDetail(contactInput({ type: "social", platform: "instagram", value: "https://instagram.com/x" }));
    expect([a.display_order, b.display_order, c.display_order]).toEqual([0, 1, 2]);
    expect(c.icon).toBe("instagram");
    expect((await listContactDetails()).map((d) => d.id)).toEqual([a.id, b.id, c.id]);
    expect((await listPublicContactDetails()).map((d) => d.value)).toEqual([a.value, c.value]);
  });

  it("keeps one primary entry per type, updates and deletes", async () => {
    const a = await createContactDetail(contactInput({ is_primary: "on" }));
    const b = await createContactDetail(contactInput({ value: "+960 222 2222", is_primary: "on" }));
    const list = await listContactDetails();
    expect(list.find((d) => d.id === a.id)?.is_primary).toBe(false);
    expect(list.find((d) => d.id === b.id)?.is_primary).toBe(true);
    const updated = await updateContactDetail(a.id, contactInput({ value: "+960 333 3333", is_primary: "on", display_order: "9" }));
    expect(updated).toMatchObject({ value: "+960 333 3333", is_primary: true, display_order: 9 });
    expect((await listContactDetails()).find((d) => d.id === b.id)?.is_primary).toBe(false);
    expect(await updateContactDetail("missing", contactInput())).toBeNull();
    expect(await deleteContactDetail(a.id)).toBe(true);
    expect((await listContactDetails()).map((d) => d.id)).toEqual([b.id]);
  });
});

describe("profiles", () => {
  it("is created with the user, without a role, and edits only name and avatar", async () => {
    const member = await createMember("m@example.com");
    expect(await getProfile(member.id)).toEqual({ id: member.id, email: "m@example.com", full_name: "Member", avatar_url: null, role: null });
    const updated = await updateProfile(member.id, { full_name: "New Name", avatar_url: "/uploads/site-assets/avatars/a.png" });
    expect(updated).toMatchObject({ full_name: "New Name", avatar_url: "/uploads/site-assets/avatars/a.png", role: null });
    expect(await updateProfile("nobody", { full_name: "x", avatar_url: null })).toBeNull();
  });
});

describe("site settings", () => {
  it("strips surrounding JSON quotes when read", async () => {
    expect(unquoteSetting('"video"')).toBe("video");
    expect(unquoteSetting('"say \\"hi\\""')).toBe('say "hi"');
    expect(unquoteSetting("plain")).toBe("plain");
    expect(unquoteSetting(null)).toBe("");
    await db()
      .updateTable("site_settings")
      .set({ setting_value: '"video"' })
      .where("setting_key", "=", "hero_background_type")
      .execute();
    expect((await getPublicSettings()).hero_background_type).toBe("video");
    expect((await listSettings()).find((s) => s.setting_key === "hero_background_type")?.setting_value).toBe("video");
  });

  it("exposes known keys with defaults, ordered by key for admins, and updates by key", async () => {
    const publicSettings = await getPublicSettings();
    expect(publicSettings).toMatchObject({ header_logo_type: "text", hero_background_type: "image", show_sample_content: "true" });
    await sql`insert into site_settings (setting_key, setting_value, updated_at) values ('secret_internal', 'x', '2025-01-01T00:00:00Z')`.execute(db());
    expect(Object.keys(await getPublicSettings())).not.toContain("secret_internal");
    const keys = (await listSettings()).map((s) => s.setting_key);
    expect(keys).toEqual([...keys].sort());
    await updateSetting("header_logo_text", "Reef Builders");
    expect((await getPublicSettings()).header_logo_text).toBe("Reef Builders");
  });
});
