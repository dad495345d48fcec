import { afterEach, describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { env } from "~/.server/env";
import { listContactDetails } from "~/.server/models/contact-details";
import { listProjects } from "~/.server/models/projects";
import { listServices } from "~/.server/models/services";
import { signIn } from "~/.server/auth/sign-in";
import { GENERATED_ADMIN_EMAIL, startup } from "~/.server/ops/startup";
import { DEMO_PROJECTS, DEMO_SERVICES } from "~/.server/seed/demo";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const saved = { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, demo: env.DEMO_CONTENT };
afterEach(() => {
  env.ADMIN_EMAIL = saved.email;
  env.ADMIN_PASSWORD = saved.password;
  env.DEMO_CONTENT = saved.demo;
});

const login = (email: string, password: string) =>
  signIn(new Request("http://localhost:3000/admin/login", { method: "POST", headers: { "x-client-ip": `10.0.0.${Math.random()}` } }), {
    email,
    password,
  });

describe("startup", () => {
  it("fills a new database with demo content and a printed admin who can sign in, once", async () => {
    env.ADMIN_EMAIL = undefined;
    env.ADMIN_PASSWORD = undefined;
    env.DEMO_CONTENT = true;
    const report = await startup();
    expect(report.newDatabase).toBe(true);
    expect(report.generatedAdmin?.email).toBe(GENERATED_ADMIN_EMAIL);
    expect((await listServices()).length).toBe(DEMO_SERVICES.length);
    expect((await listProjects()).length).toBe(DEMO_PROJECTS.length);
    expect((await listProjects()).some((p) => p.gallery_images.length > 0)).toBe(true);
    expect((await listContactDetails()).length).toBeGreaterThan(0);
    expect((await login(GENERATED_ADMIN_EMAIL, report.generatedAdmin!.password)).ok).toBe(true);

    const again = await startup();
    expect(again).toEqual({ newDatabase: false });
    expect((await listServices()).length).toBe(DEMO_SERVICES.length);
  });

  it("with DEMO_CONTENT=false and ADMIN_EMAIL/ADMIN_PASSWORD gives an empty site and that admin", async () => {
    env.ADMIN_EMAIL = "owner@example.com";
    env.ADMIN_PASSWORD = "owner-password-1";
    env.DEMO_CONTENT = false;
    const report = await startup();
    expect(report.generatedAdmin).toBeUndefined();
    expect(await listServices()).toEqual([]);
    expect(await listProjects()).toEqual([]);
    expect(await listContactDetails()).toEqual([]);
    expect((await login("owner@example.com", "owner-password-1")).ok).toBe(true);
    const users = await db().selectFrom("user").select("email").execute();
    expect(users.map((u) => u.email)).toEqual(["owner@example.com"]);
  });

  it("leaves an existing ADMIN_EMAIL account as it is", async () => {
    env.ADMIN_EMAIL = "owner@example.com";
    env.ADMIN_PASSWORD = "owner-password-1";
    await startup();
    env.ADMIN_PASSWORD = "another-password";
    await startup();
    expect((await login("owner@example.com", "owner-password-1")).ok).toBe(true);
  });
});
