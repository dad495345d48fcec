import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { createService } from "~/.server/models/services";
import { createAdmin, serviceInput } from "../factories";
import { ENGINE, useTestDatabase } from "../setup/database";

// The harness every integration test stands on: each test starts from the migrated template, whatever the test
// before it wrote or dropped. On Postgres one database serves a file and is put back after each test
// (tests/setup/database.ts, docs/decisions/0035-test-suite-speed.md); this proves the putting back.

const database = useTestDatabase();

/** Every table's row count, and the template's own rows (migrations insert some). */
async function contents() {
  const db = database.current().db;
  const tables = (await db.introspection.getTables()).map((t) => t.name).sort();
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
    counts[table] = Number(rows[0].n);
  }
  const templates = await db.selectFrom("reply_templates").selectAll().orderBy("id").execute();
  return { tables, counts, templates };
}

describe("each test's database", () => {
  let start: Awaited<ReturnType<typeof contents>> | undefined;

  it("starts as the template; this test then writes to it", async () => {
    start = await contents();
    expect(start.tables).toContain("services");
    expect(start.counts.services).toBe(0);
    await createAdmin();
    await createService(serviceInput(), null);
    await database.current().db.deleteFrom("reply_templates").execute();
    const after = await contents();
    expect(after.counts.services).toBe(1);
    expect(after.counts.user).toBe(1);
    expect(after.counts.reply_templates).toBe(0);
  });

  it("does not see the rows the test before wrote or deleted; this test then drops a table", async () => {
    expect(await contents()).toEqual(start);
    await sql`drop table services${ENGINE === "postgres" ? sql` cascade` : sql``}`.execute(database.current().db);
    expect((await contents()).tables).not.toContain("services");
  });

  it("has the table the test before dropped", async () => {
    expect(await contents()).toEqual(start);
  });
});
