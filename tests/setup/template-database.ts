// Vitest global setup of the integration projects: names the place where the first test file to need a
// database builds one migrated template (tests/setup/database.ts), which every later test database copies
// instead of running all migrations again, and removes it when the run ends.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** A directory private to this run: the SQLite template and its build lock. */
    templateDir: string;
    /** The Postgres template database's name (built on TEST_DATABASE_URL's server by the first file that needs it). */
    templatePostgres: string;
  }
}

export default function setup(project: TestProject) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-test-template-"));
  const name = `site_test_tpl_${crypto.randomBytes(6).toString("hex")}`;
  project.provide("templateDir", dir);
  project.provide("templatePostgres", name);
  return async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    const url = process.env.TEST_DATABASE_URL;
    if (project.config.env?.TEST_ENGINE !== "postgres" || !url) return;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      // The half-built one too, if a run stopped while migrating it.
      for (const db of [name, `${name}_building`]) await client.query(`drop database if exists ${db} with (force)`);
    } finally {
      await client.end();
    }
  };
}
