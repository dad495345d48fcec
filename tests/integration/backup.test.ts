import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createBackup, restoreBackup } from "~/.server/ops/backup";
import { exportData, importData } from "~/.server/models/site-data";
import { setDatabase } from "~/.server/db";
import { openSqlite } from "~/.server/db/connection";
import { migrate } from "~/.server/db/migrate";
import { listContactDetails } from "~/.server/models/contact-details";
import { createProject, listProjects } from "~/.server/models/projects";
import { createService, deleteService, listServices } from "~/.server/models/services";
import { signIn } from "~/.server/auth/sign-in";
import { seedDemoContent } from "~/.server/ops/startup";
import { ADMIN_PASSWORD, createAdmin, projectInput, serviceInput } from "../factories";
import { createTestDatabase, ENGINE } from "../setup/database";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let dataDir: string;

beforeEach(async () => {
  database = await createTestDatabase();
  setDatabase(database);
  // On SQLite, DATA_DIR is the folder of the test database file (DATA_DIR/site.db), as in production.
  dataDir = database.file ? path.dirname(database.file) : fs.mkdtempSync(path.join(os.tmpdir(), "site-backup-test-"));
});
afterEach(async () => {
  setDatabase(undefined);
  await database.drop().catch(() => undefined);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const login = (email: string) =>
  signIn(new Request("http://localhost:3000/admin/login", { method: "POST", headers: { "x-client-ip": `10.9.${Math.random()}` } }), {
    email,
    password: ADMIN_PASSWORD,
  });

describe(`backup and restore (${ENGINE})`, () => {
  it("backs up, changes things, restores, and finds the old state (database, uploads and private attachments)", async () => {
    const admin = await createAdmin("owner@example.com");
    const keep = await createService(serviceInput({ title: "Kept service", features: "A, B" }), admin.id);
    await createProject(projectInput({ title: "Kept project", budget: "1234.5", is_featured: "on" }), admin.id);
    fs.mkdirSync(path.join(dataDir, "uploads/service-images/featured"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "uploads/service-images/featured/a.webp"), "original");
    // A contact form attachment, kept privately beside the uploads.
    fs.mkdirSync(path.join(dataDir, "private/enquiries"), { recursive: true });
    fs.writeFileSync(path.join(dataDir, "private/enquiries/drawing.pdf"), "%PDF-original");

    const file = await createBackup({ database, dataDir });
    expect(path.dirname(file)).toBe(path.join(dataDir, "backups"));
    const before = { services: await listServices(), projects: await listProjects() };

    await deleteService(keep.id);
    await createService(serviceInput({ title: "Added after backup" }), admin.id);
    fs.writeFileSync(path.join(dataDir, "uploads/service-images/featured/a.webp"), "changed");
    fs.writeFileSync(path.join(dataDir, "uploads/service-images/featured/new.webp"), "new");
    fs.rmSync(path.join(dataDir, "private/enquiries/drawing.pdf"));

    if (ENGINE === "sqlite") {
      // The SQLite restore replaces the file: the site is stopped while it runs.
      await restoreIntoSqliteFile(file);
    } else {
      await restoreBackup({ file, dataDir, database });
    }

    expect(await listServices()).toEqual(before.services);
    expect(await listProjects()).toEqual(before.projects);
    expect(fs.readFileSync(path.join(dataDir, "uploads/service-images/featured/a.webp"), "utf8")).toBe("original");
    expect(fs.existsSync(path.join(dataDir, "uploads/service-images/featured/new.webp"))).toBe(false);
    expect(fs.readFileSync(path.join(dataDir, "private/enquiries/drawing.pdf"), "utf8")).toBe("%PDF-original");
    expect((await login("owner@example.com")).ok).toBe(true);
  });

  it("moves a whole site from SQLite into this engine with export/import", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-export-src-"));
    const source = openSqlite(path.join(dir, "site.db"));
    await migrate(source);
    setDatabase(source);
    const admin = await createAdmin("mover@example.com");
    await seedDemoContent(admin.id);
    const exported = await exportData(source);
    const expected = { services: await listServices(), projects: await listProjects(), contacts: await listContactDetails() };
    setDatabase(database);
    await source.close();
    fs.rmSync(dir, { recursive: true, force: true });

    await importData(database, JSON.parse(JSON.stringify(exported)));
    expect(await listServices()).toEqual(expected.services);
    expect(await listProjects()).toEqual(expected.projects);
    expect(await listContactDetails()).toEqual(expected.contacts);
    expect((await login("mover@example.com")).ok).toBe(true);
  });

  it("refuses a file that is not a backup or an export", async () => {
    const bogus = path.join(dataDir, "bogus.json");
    await expect(importData(database, { nope: true } as never)).rejects.toThrow("Not a site export file");
    fs.writeFileSync(bogus, "{}");
    await expect(restoreBackup({ file: bogus, dataDir, database })).rejects.toThrow();
  });
});

async function restoreIntoSqliteFile(file: string) {
  const dbFile = database.file!;
  await database.close();
  await restoreBackup({ file, dataDir });
  const reopened = openSqlite(dbFile);
  database = Object.assign(reopened, { drop: async () => reopened.close(), reopen: () => openSqlite(dbFile) });
  setDatabase(reopened);
}
