import crypto from "node:crypto";
import { getDatabase } from "../db";
import { migrate, withStartupLock } from "../db/migrate";
import { env } from "../env";
import { logger } from "../logger";
import { createCategory } from "../models/categories";
import { createContactDetail } from "../models/contact-details";
import { createProject } from "../models/projects";
import { createService } from "../models/services";
import { ensureDefaultSettings, isSiteInitialized, markSiteInitialized } from "../models/settings";
import { hasAdmin } from "../models/profiles";
import { isContentEmpty } from "../models/system";
import { ensureUser } from "../models/users";
import { DiskStorage, getStorage } from "../storage";
import { DEMO_CATEGORIES, DEMO_CONTACT_DETAILS, DEMO_PROJECTS, DEMO_SERVICES } from "../seed/demo";

export interface StartupReport {
  newDatabase: boolean;
  /** Set only when this start generated the first admin's password (printed once). */
  generatedAdmin?: { email: string; password: string };
}

export const GENERATED_ADMIN_EMAIL = "admin@example.com";

/** Migrates, fills default settings, creates the configured admin and, on a new database, demo content. */
export async function startup(options: { demoContent?: boolean } = {}): Promise<StartupReport> {
  await removeInterruptedWrites();
  // One process at a time: two instances starting together must not both seed or both create an admin.
  return withStartupLock(getDatabase(), () => startupLocked(options));
}

async function startupLocked(options: { demoContent?: boolean }): Promise<StartupReport> {
  const database = getDatabase();
  await migrate(database);
  // "New" means start-up has never completed on this database (the admin command may have migrated it already).
  const created = !(await isSiteInitialized());
  await ensureDefaultSettings();
  const report: StartupReport = { newDatabase: created };

  let adminId: string | null = null;
  if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
    const ctx = await import("../auth/auth").then((m) => m.auth().$context);
    const existing = await ctx.internalAdapter.findUserByEmail(env.ADMIN_EMAIL.toLowerCase());
    // docs/product.md#environment-variables: create this admin if no user has that email; an existing account is left as it is.
    if (!existing) {
      adminId = (await ensureUser({ email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD, name: "Administrator", role: "admin" })).id;
      logger.info({ email: env.ADMIN_EMAIL }, "created admin from ADMIN_EMAIL");
    }
  } else if (created && !(await hasAdmin())) {
    const password = crypto.randomBytes(12).toString("base64url");
    adminId = (await ensureUser({ email: GENERATED_ADMIN_EMAIL, password, name: "Site Administrator", role: "admin" })).id;
    report.generatedAdmin = { email: GENERATED_ADMIN_EMAIL, password };
  }

  if (created && (options.demoContent ?? env.DEMO_CONTENT) && (await isContentEmpty())) {
    await seedDemoContent(adminId);
    logger.info("added demo content to the new database");
  }
  if (created) await markSiteInitialized();
  return report;
}

/** Temp files a killed process left in the upload directory (docs/security.md "No leftovers after a crash"). */
async function removeInterruptedWrites(): Promise<void> {
  const storage = getStorage();
  if (!(storage instanceof DiskStorage)) return;
  const removed = await storage.removeStaleTempFiles({ atStartup: true });
  if (removed.length > 0) logger.info({ files: removed }, "removed temp files of interrupted uploads");
}

export async function seedDemoContent(userId: string | null): Promise<void> {
  for (const category of DEMO_CATEGORIES) await createCategory(category, userId);
  for (const service of DEMO_SERVICES) await createService(service, userId);
  // Spread creation dates so "newest first" reads naturally.
  const start = Date.now() - DEMO_PROJECTS.length * 86_400_000 * 20;
  for (const [i, project] of DEMO_PROJECTS.entries()) {
    await createProject(project, userId, new Date(start + i * 86_400_000 * 20).toISOString());
  }
  for (const detail of DEMO_CONTACT_DETAILS) await createContactDetail(detail);
}
