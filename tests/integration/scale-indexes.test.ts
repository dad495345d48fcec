import { sql } from "kysely";
import { beforeEach, describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { ENGINE, useTestDatabase } from "../setup/database";

useTestDatabase();

// A company some years in (docs/performance.md, "At scale and under floods"): the admin's pages read their rows
// off an index, not by sorting or reading every enquiry or project. The plans are asked of the engine itself;
// on Postgres with sorts and table scans priced out, so a plan that still holds one has no index to use instead.

interface Plan {
  /** Every step of the plan, one line each. */
  steps: string[];
}

async function plan(query: string): Promise<Plan> {
  if (ENGINE === "sqlite") {
    const rows = await sql<{
      detail: string;
    }>`explain query plan ${sql.raw(query)}`.execute(db());
    return { steps: rows.rows.map((r) => r.detail) };
  }
  return db()
    .transaction()
    .execute(async (trx) => {
      await sql`set local enable_sort = off`.execute(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      const rows = await sql<{
        "QUERY PLAN": string;
      }>`explain ${sql.raw(query)}`.execute(trx);
      return { steps: rows.rows.map((r) => r["QUERY PLAN"]) };
    });
}

const sorts = (p: Plan) =>
  p.steps.filter((s) => /TEMP B-TREE|\bSort\b/.test(s));
const tableScans = (p: Plan, table: string) =>
  p.steps.filter((s) =>
    new RegExp(`^SCAN ${table}$|Seq Scan on ${table}\\b`).test(
      s.trim().replace(/^->\s*/, ""),
    ),
  );

/** A few hundred enquiries and projects, and the planner's statistics of them (as a database some years in has). */
async function fill() {
  const stages = ["new", "contacted", "quoted", "won", "lost"];
  const statuses = ["new", "read", "archived"];
  const at = (i: number) =>
    new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString();
  for (let start = 0; start < 600; start += 200) {
    const rows = Array.from({ length: 200 }, (_, k) => start + k);
    await db()
      .insertInto("enquiries")
      .values(
        rows.map((i) => ({
          id: `e${i}`,
          name: `Visitor ${i}`,
          email: `v${i}@example.com`,
          subject: "A quote",
          message: "Please call me.",
          status: statuses[i % 3],
          stage: stages[i % 5],
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();
    await db()
      .insertInto("projects")
      .values(
        rows.map((i) => ({
          id: `p${i}`,
          title: `Project ${i}`,
          short_description: "A project",
          created_at: at(i),
          updated_at: at(i),
        })),
      )
      .execute();
  }
  // Postgres reads an index alone once vacuum has marked its pages all-visible, as autovacuum does.
  await sql`${sql.raw(ENGINE === "sqlite" ? "analyze" : "vacuum analyze")}`.execute(
    db(),
  );
}

describe("the admin's pages at scale read an index", () => {
  beforeEach(fill);

  it("the inbox's page, any folder's and a board column's newest 50 come off an index in order", async () => {
    for (const where of [
      "status in ('new', 'read')",
      "status = 'archived'",
      "status in ('new', 'read') and stage = 'quoted'",
    ]) {
      const p = await plan(
        `select * from enquiries where ${where} order by created_at desc, id desc limit 50 offset 50`,
      );
      expect(sorts(p), `${where}: ${p.steps.join(" / ")}`).toEqual([]);
    }
  });

  it("the admin's project cards come off an index in order, and their counts read no project row", async () => {
    const cards = await plan(
      "select * from projects where deleted_at is null order by created_at desc, id asc limit 24 offset 24",
    );
    expect(sorts(cards), cards.steps.join(" / ")).toEqual([]);
    const counts = await plan(
      "select count(*), sum(case when is_featured then 1 else 0 end), sum(case when is_public then 1 else 0 end) from projects where deleted_at is null",
    );
    expect(counts.steps.join(" / ")).toMatch(
      ENGINE === "sqlite" ? /COVERING INDEX/ : /Index Only Scan/,
    );
  });

  it("the board's count per stage reads an index only, and the dashboard's 90-day funnel only its days", async () => {
    const perStage = await plan(
      "select stage, count(*) from enquiries where status in ('new', 'read') group by stage",
    );
    expect(perStage.steps.join(" / ")).toMatch(
      ENGINE === "sqlite" ? /COVERING INDEX/ : /Index Only Scan/,
    );
    const funnel = await plan(
      "select count(*) from enquiries where status <> 'spam' and created_at >= '2026-08-29'",
    );
    expect(tableScans(funnel, "enquiries"), funnel.steps.join(" / ")).toEqual(
      [],
    );
  });
});
