import { describe, expect, it } from "vitest";
import { listCategories } from "~/.server/models/categories";
import { getService, listActiveServices } from "~/.server/models/services";
import { action, loader } from "~/routes/admin/services";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest, postRequest } from "./admin-support";

useTestDatabase();

const PATH = "/admin/services";

describe("admin services page", () => {
  it("creates, lists, updates, toggles and deletes a service with the spec's messages", async () => {
    const { admin, cookie } = await adminSession();

    const created = await call(action, postRequest(PATH, {
      intent: "create",
      title: "  Pool Building  ",
      short_description: "Pools",
      category: "Construction",
      service_type: "construction",
      pricing_model: "fixed",
      features: "Tiles, , Pumps",
      benefits: "Cool water",
      gallery: ["/uploads/a.webp", "https://example.com/b.jpg"],
      sort_order: "abc",
      is_active: "true",
    }, cookie));
    expect(created).toMatchObject({ status: 200, data: { ok: true, message: "Service created successfully" } });
    const id = created.data.id as string;
    expect(await getService(id)).toMatchObject({
      title: "Pool Building",
      features: ["Tiles", "Pumps"],
      gallery: ["/uploads/a.webp", "https://example.com/b.jpg"],
      sort_order: 0,
      is_active: true,
      created_by: admin.id,
    });

    const listed = await call<{ services: Array<{ id: string }> }>(loader, getRequest(PATH, cookie));
    expect(listed.data.services.map((s) => s.id)).toContain(id);

    const updated = await call(action, postRequest(PATH, { intent: "update", id, title: "Pool Building Pro", sort_order: "3", is_active: "true" }, cookie));
    expect(updated.data).toMatchObject({ ok: true, message: "Service updated successfully" });
    expect(await getService(id)).toMatchObject({ title: "Pool Building Pro", sort_order: 3, short_description: null });

    const off = await call(action, postRequest(PATH, { intent: "toggle-active", id, is_active: "false" }, cookie));
    expect(off.data).toMatchObject({ ok: true, message: "Service deactivated successfully" });
    expect((await listActiveServices()).map((s) => s.id)).not.toContain(id);
    const on = await call(action, postRequest(PATH, { intent: "toggle-active", id, is_active: "true" }, cookie));
    expect(on.data).toMatchObject({ ok: true, message: "Service activated successfully" });
    expect((await listActiveServices()).map((s) => s.id)).toContain(id);

    const deleted = await call(action, postRequest(PATH, { intent: "delete", id }, cookie));
    expect(deleted.data).toMatchObject({ ok: true, message: "Service deleted successfully" });
    expect(await getService(id)).toBeNull();
  });

  it("answers bad input with 400 and field errors, never a 500", async () => {
    const { cookie } = await adminSession();
    const missingTitle = await call(action, postRequest(PATH, { intent: "create", title: "   " }, cookie));
    expect(missingTitle).toMatchObject({ status: 400, data: { ok: false, message: "Failed to save service", fieldErrors: { title: "Title is required" } } });

    const badEnum = await call(action, postRequest(PATH, { intent: "create", title: "X", service_type: "rocket", featured_image_url: "javascript:alert(1)" }, cookie));
    expect(badEnum.status).toBe(400);
    expect(badEnum.data.fieldErrors).toMatchObject({ service_type: "Choose a valid service type", featured_image_url: "Enter a valid http(s) URL" });

    expect((await call(action, postRequest(PATH, { intent: "launch" }, cookie))).status).toBe(400);
    expect((await call(action, postRequest(PATH, { intent: "update", title: "No id" }, cookie))).status).toBe(400);

    const notForm = new Request(`http://localhost:3000${PATH}`, { method: "POST", body: "{}", headers: { cookie, "content-type": "application/json" } });
    expect((await call(action, notForm)).status).toBe(400);
  });

  it("answers an unknown id with 404", async () => {
    const { cookie } = await adminSession();
    for (const fields of [
      { intent: "update", id: "00000000-0000-0000-0000-000000000000", title: "Ghost" },
      { intent: "toggle-active", id: "00000000-0000-0000-0000-000000000000", is_active: "true" },
      { intent: "delete", id: "00000000-0000-0000-0000-000000000000" },
      { intent: "delete", id: "../../etc/passwd\u0000" },
    ]) {
      const answer = await call(action, postRequest(PATH, fields, cookie));
      expect(answer.status, JSON.stringify(fields)).toBe(404);
      expect(answer.data.ok).toBe(false);
    }
  });

  it("creates a category inline and refuses a duplicate or an invalid one", async () => {
    const { cookie } = await adminSession();
    const created = await call(action, postRequest(PATH, { intent: "create-category", name: "Marine Works", description: "", type: "service" }, cookie));
    expect(created.data).toMatchObject({ ok: true, message: "Category created successfully", name: "Marine Works" });
    expect((await listCategories("service")).map((c) => c.name)).toContain("Marine Works");
    expect((await listCategories("project")).map((c) => c.name)).not.toContain("Marine Works");

    const duplicate = await call(action, postRequest(PATH, { intent: "create-category", name: "marine works", type: "both" }, cookie));
    expect(duplicate).toMatchObject({ status: 400, data: { message: "Failed to create category" } });
    const invalid = await call(action, postRequest(PATH, { intent: "create-category", name: "", type: "planet" }, cookie));
    expect(invalid).toMatchObject({ status: 400, data: { message: "Failed to create category", fieldErrors: { name: "Category name is required", type: "Choose a category type" } } });

    const listed = await call<{ categories: Array<{ name: string }> }>(loader, getRequest(PATH, cookie));
    expect(listed.data.categories.map((c) => c.name)).toEqual(["Marine Works"]);
  });
});
