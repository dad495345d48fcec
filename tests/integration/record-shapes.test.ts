import { describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { createProject } from "~/.server/models/projects";
import { createService } from "~/.server/models/services";
import { ProjectSchema } from "~/validation/project";
import { ServiceSchema } from "~/validation/service";
import { createAdmin, projectInput, serviceInput } from "../factories";
import { useTestDatabase } from "../setup/database";

// docs/decisions/0080-one-source-for-each-shape.md: a service's or project's fields are written once in a migration
// and once in the form's schema; the record and table types derive from the schema. These tests hold the two
// written places together on each engine: a column a migration adds without a schema field (or a field without its
// column) fails here, where the types alone cannot see the migrated database.

useTestDatabase();

/** What every versioned record has besides its form's fields. */
const RECORD_META = ["id", "created_by", "created_at"];
const TABLE_ONLY = ["updated_at", "deleted_at", "deleted_by"];

const cases = [
  { table: "services", fields: Object.keys(ServiceSchema.shape), create: (userId: string) => createService(serviceInput(), userId) },
  { table: "projects", fields: Object.keys(ProjectSchema.shape), create: (userId: string) => createProject(projectInput(), userId) },
] as const;

describe("one source for each record's shape", () => {
  for (const { table, fields, create } of cases) {
    it(`the migrated ${table} table has a column for each form field, and no other but the record's own`, async () => {
      const tables = await db().introspection.getTables();
      const columns = tables.find((t) => t.name === table)?.columns.map((c) => c.name) ?? [];
      expect(columns.length).toBeGreaterThan(0);
      expect([...columns].sort()).toEqual([...fields, ...RECORD_META, ...TABLE_ONLY].sort());
    });

    it(`a ${table} record read back has every form field and its id and creator`, async () => {
      const admin = await createAdmin();
      const record = await create(admin.id);
      expect(Object.keys(record).sort()).toEqual([...fields, ...RECORD_META].sort());
    });
  }
});
