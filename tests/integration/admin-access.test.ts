import { describe, expect, it } from "vitest";
import { listContactDetails } from "~/.server/models/contact-details";
import { listProjects } from "~/.server/models/projects";
import { listServices } from "~/.server/models/services";
import { getPublicSettings } from "~/.server/models/settings";
import * as contactDetails from "~/routes/admin/contact-details";
import * as dashboard from "~/routes/admin/dashboard";
import * as index from "~/routes/admin/index";
import * as layout from "~/routes/admin/layout";
import * as profile from "~/routes/admin/profile";
import * as projects from "~/routes/admin/projects";
import * as services from "~/routes/admin/services";
import * as settings from "~/routes/admin/settings";
import { contactInput, projectInput, serviceInput } from "../factories";
import { createContactDetail } from "~/.server/models/contact-details";
import { createProject } from "~/.server/models/projects";
import { createService } from "~/.server/models/services";
import { useTestDatabase } from "../setup/database";
import { call, getRequest, memberSession, postRequest } from "./admin-support";

useTestDatabase();

// docs/product.md#the-server-decides: every admin loader and action requires a signed-in user whose role is 'admin'.
const PAGES = [
  { path: "/admin", module: layout },
  { path: "/admin", module: index },
  { path: "/admin/dashboard", module: dashboard },
  { path: "/admin/services", module: services },
  { path: "/admin/projects", module: projects },
  { path: "/admin/contact-details", module: contactDetails },
  { path: "/admin/profile", module: profile },
  { path: "/admin/settings", module: settings },
];

const WRITES: Array<{ path: string; action: unknown; fields: Record<string, string> }> = [
  { path: "/admin/services", action: services.action, fields: { intent: "create", title: "Intruder service" } },
  { path: "/admin/services", action: services.action, fields: { intent: "create-category", name: "Intruder", type: "both" } },
  { path: "/admin/projects", action: projects.action, fields: { intent: "create", title: "Intruder project", is_public: "true" } },
  { path: "/admin/contact-details", action: contactDetails.action, fields: { intent: "create", type: "phone", value: "+960 999 9999", is_public: "true" } },
  { path: "/admin/profile", action: profile.action, fields: { intent: "update", full_name: "Intruder" } },
  { path: "/admin/settings", action: settings.action, fields: { intent: "update", key: "header_logo_text", value: "Hacked" } },
];

async function snapshot() {
  const [s, p, c, st] = await Promise.all([listServices(), listProjects(), listContactDetails(), getPublicSettings()]);
  return { services: s, projects: p, contacts: c, settings: st };
}

describe("admin access control", () => {
  it("sends a signed-out visitor from every admin page to /admin/login", async () => {
    for (const { path, module } of PAGES) {
      const answer = await call(module.loader, getRequest(path));
      expect(answer.status, path).toBe(302);
      expect(answer.location, path).toMatch(/^\/admin\/login/);
    }
  });

  it("sends a signed-in non-admin from every admin page to /admin/login", async () => {
    const { cookie } = await memberSession();
    for (const { path, module } of PAGES) {
      const answer = await call(module.loader, getRequest(path, cookie));
      expect(answer.status, path).toBe(302);
      expect(answer.location, path).toMatch(/^\/admin\/login/);
    }
  });

  it("refuses every admin write from a signed-out visitor (401) and a non-admin (403) and changes nothing", async () => {
    const service = await createService(serviceInput({ title: "Kept service" }), null);
    const project = await createProject(projectInput({ title: "Kept project" }), null);
    const contact = await createContactDetail(contactInput());
    const before = await snapshot();
    const { cookie } = await memberSession();
    const targeted = [
      { path: "/admin/services", action: services.action, fields: { intent: "delete", id: service.id } },
      { path: "/admin/services", action: services.action, fields: { intent: "toggle-active", id: service.id, is_active: "false" } },
      { path: "/admin/projects", action: projects.action, fields: { intent: "delete", id: project.id } },
      { path: "/admin/projects", action: projects.action, fields: { intent: "set-flags", id: project.id, is_public: "false" } },
      { path: "/admin/contact-details", action: contactDetails.action, fields: { intent: "delete", id: contact.id } },
    ];
    for (const write of [...WRITES, ...targeted]) {
      const signedOut = await call(write.action, postRequest(write.path, write.fields));
      expect(signedOut, `${write.path} ${write.fields.intent}`).toMatchObject({ status: 401, thrown: true, data: { error: "Not authenticated" } });
      const member = await call(write.action, postRequest(write.path, write.fields, cookie));
      expect(member, `${write.path} ${write.fields.intent}`).toMatchObject({ status: 403, thrown: true, data: { error: "Forbidden" } });
    }
    expect(await snapshot()).toEqual(before);
  });
});
