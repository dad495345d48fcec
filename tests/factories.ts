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
