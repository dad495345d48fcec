import { formToken } from "~/.server/enquiries/enquiries";
import { ensureUser } from "~/.server/models/users";
import { ProjectSchema, type ProjectInput } from "~/validation/project";
import { ServiceSchema, type ServiceInput } from "~/validation/service";
import { ContactDetailSchema, type ContactDetailInput } from "~/validation/contact-detail";
import crypto from "node:crypto";

const uid = () => crypto.randomBytes(4).toString("hex");

/** A valid service input as the form would send it, parsed by the real schema. */
export function serviceInput(overrides: Record<string, unknown> = {}): ServiceInput {
  return ServiceSchema.parse({ title: `Service ${uid()}`, is_active: "on", sort_order: "0", ...overrides });
}

export function projectInput(overrides: Record<string, unknown> = {}): ProjectInput {
  return ProjectSchema.parse({ title: `Project ${uid()}`, is_public: "on", ...overrides });
}

export function contactInput(overrides: Record<string, unknown> = {}): ContactDetailInput {
  return ContactDetailSchema.parse({ type: "phone", value: "+960 330 0001", is_public: "on", ...overrides });
}

export const ADMIN_PASSWORD = "correct-horse-battery";

export async function createAdmin(email = `admin-${uid()}@example.com`, name = "Test Admin") {
  return ensureUser({ email, password: ADMIN_PASSWORD, name, role: "admin" });
}

export async function createMember(email = `member-${uid()}@example.com`) {
  return ensureUser({ email, password: ADMIN_PASSWORD, name: "Member", role: null });
}

/** A contact form as a visitor fills it in, with a form token old enough to count as a person's. */
export function enquiryFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    name: "Aishath Shifa",
    email: "shifa@example.mv",
    phone: "+960 777 0000",
    subject: "Residential",
    message: "We want to build a two-storey house in Hulhumalé.",
    website: "",
    form_token: formToken(Date.now() - 10_000),
    ...overrides,
  };
}

/** Fields as the browser posts them. */
export function formDataOf(fields: Record<string, string>): FormData {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.set(k, v);
  return data;
}
