import { describe, expect, it } from "vitest";
import {
  createService,
  deleteService,
  getActiveService,
  getService,
  listActiveServices,
  listServices,
  setServiceActive,
  updateService,
} from "~/.server/models/services";
import { useTestDatabase } from "../setup/database";
import { createAdmin, serviceInput } from "../factories";

useTestDatabase();

describe("services model", () => {
  it("creates a service with defaults and round-trips lists, booleans and integers", async () => {
    const admin = await createAdmin();
    const created = await createService(
      serviceInput({ title: "  Pool building  ", features: "Tiles, , Pumps ,Lights", benefits: "Cool", gallery: ["/uploads/a.webp", "https://example.com/b.jpg"], sort_order: "x" }),
      admin.id,
    );
    expect(created).toMatchObject({
      title: "Pool building",
      features: ["Tiles", "Pumps", "Lights"],
      benefits: ["Cool"],
      gallery: ["/uploads/a.webp", "https://example.com/b.jpg"],
      is_active: true,
      sort_order: 0,
      created_by: admin.id,
      description: null,
    });
    expect(Date.parse(created.created_at)).not.toBeNaN();
    expect(await getService(created.id)).toEqual(created);
  });

  it("lists only active services to the public, by sort order", async () => {
    const admin = await createAdmin();
    const b = await createService(serviceInput({ title: "B", sort_order: "2" }), admin.id);
    const a = await createService(serviceInput({ title: "A", sort_order: "1" }), admin.id);
    const hidden = await createService(serviceInput({ title: "Hidden", sort_order: "0", is_active: "" }), admin.id);
    expect((await listActiveServices()).map((s) => s.title)).toEqual(["A", "B"]);
    expect(await getActiveService(hidden.id)).toBeNull();
    expect((await getActiveService(a.id))?.title).toBe("A");
    expect((await listServices()).map((s) => s.title)).toEqual(["Hidden", "A", "B"]);
    expect(await setServiceActive(b.id, false)).toBe(true);
    expect((await listActiveServices()).map((s) => s.title)).toEqual(["A"]);
  });

  it("updates (setting created_by to the editor) and deletes", async () => {
    const first = await createAdmin();
    const second = await createAdmin();
    const s = await createService(serviceInput({ title: "Old" }), first.id);
    const updated = await updateService(s.id, serviceInput({ title: "New", sort_order: "5" }), second.id);
    expect(updated).toMatchObject({ title: "New", sort_order: 5, created_by: second.id });
    expect(await updateService("missing", serviceInput(), second.id)).toBeNull();
    expect(await deleteService(s.id)).toBe(true);
    expect(await deleteService(s.id)).toBe(false);
    expect(await getService(s.id)).toBeNull();
  });
});
