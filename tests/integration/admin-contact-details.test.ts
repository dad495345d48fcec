import { describe, expect, it } from "vitest";
import { createContactDetail, getContactDetail, listContactDetails } from "~/.server/models/contact-details";
import { action, loader } from "~/routes/admin/contact-details";
import { contactInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest, postRequest } from "./admin-support";

useTestDatabase();

const PATH = "/admin/contact-details";

describe("admin contact details page", () => {
  it("creates with display_order = current count, updates and deletes, with 'Success' toasts", async () => {
    const { cookie } = await adminSession();
    await createContactDetail(contactInput());
    await createContactDetail(contactInput({ type: "email", value: "a@example.com" }));

    const created = await call(action, postRequest(PATH, { intent: "create", type: "phone", label: "Office", value: "+960 300 1234", is_primary: "true", is_public: "true" }, cookie));
    expect(created.data).toMatchObject({ ok: true, title: "Success", message: "Contact detail created successfully" });
    const id = created.data.id as string;
    expect(await getContactDetail(id)).toMatchObject({ display_order: 2, is_primary: true, label: "Office" });

    const social = await call(action, postRequest(PATH, { intent: "create", type: "social", platform: "instagram", value: "https://instagram.com/x", is_public: "false" }, cookie));
    expect(social.data.ok).toBe(true);
    expect(await getContactDetail(social.data.id as string)).toMatchObject({ type: "social", icon: "instagram", is_public: false, display_order: 3 });

    const updated = await call(action, postRequest(PATH, { intent: "update", id, type: "phone", label: "Head office", value: "+960 300 9999", display_order: "7", is_public: "true" }, cookie));
    expect(updated.data).toMatchObject({ ok: true, title: "Success", message: "Contact detail updated successfully" });
    expect(await getContactDetail(id)).toMatchObject({ value: "+960 300 9999", display_order: 7, is_primary: false });

    const listed = await call<{ details: Array<{ id: string }> }>(loader, getRequest(PATH, cookie));
    expect(listed.data.details).toHaveLength(4);

    const deleted = await call(action, postRequest(PATH, { intent: "delete", id }, cookie));
    expect(deleted.data).toMatchObject({ ok: true, title: "Success", message: "Contact detail deleted successfully" });
    expect(await listContactDetails()).toHaveLength(3);
  });

  it("answers bad input with 400 'Error' and field errors, and an unknown id with 404", async () => {
    const { cookie } = await adminSession();
    const noValue = await call(action, postRequest(PATH, { intent: "create", type: "email", value: "not-an-email" }, cookie));
    expect(noValue).toMatchObject({ status: 400, data: { ok: false, title: "Error", message: "Failed to create contact detail", fieldErrors: { value: "Invalid email address" } } });
    const noPlatform = await call(action, postRequest(PATH, { intent: "create", type: "social", value: "https://x.com/a" }, cookie));
    expect(noPlatform.data.fieldErrors).toMatchObject({ platform: "Choose a social platform" });
    const badType = await call(action, postRequest(PATH, { intent: "create", type: "fax", value: "1" }, cookie));
    expect(badType.data.fieldErrors).toMatchObject({ type: "Choose a contact type" });

    const ghost = "00000000-0000-0000-0000-000000000000";
    const update = await call(action, postRequest(PATH, { intent: "update", id: ghost, type: "phone", value: "+960 300 1234" }, cookie));
    expect(update).toMatchObject({ status: 404, data: { title: "Error", message: "Failed to update contact detail" } });
    const remove = await call(action, postRequest(PATH, { intent: "delete", id: ghost }, cookie));
    expect(remove).toMatchObject({ status: 404, data: { title: "Error", message: "Failed to delete contact detail" } });
  });
});
