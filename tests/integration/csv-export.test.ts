import { describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { ACTIVITY_CSV_HEADER, activityCsvCells } from "~/.server/activity/csv";
import { ENQUIRY_CSV_HEADER, enquiryCsvCells } from "~/.server/enquiries/csv";
import { pagesOfActivityForExport } from "~/.server/models/activity";
import { pagesOfLeadsForExport } from "~/.server/models/leads";
import { toCsv } from "~/lib/csv";
import * as activityExport from "~/routes/admin/activity-export";
import * as enquiriesExport from "~/routes/admin/enquiries-export";
import { ACTIVITY_EXPORT_LIMIT } from "~/validation/activity";
import { useTestDatabase } from "../setup/database";
import { adminSession, getRequest } from "./admin-support";

useTestDatabase();

// The enquiries and activity exports are streamed a page of rows at a time. What a spreadsheet gets must be the
// very bytes the whole-file builder made (a byte-order mark, then toCsv of every row, in one query) for the same
// rows: across page edges that fall among rows with the same timestamp, and with cells that need quoting.

/** Seven rows share each timestamp, so a page of 1,000 ends inside a group; Postgres keeps the microseconds. */
const stamp = (i: number) => `2026-10-${String(1 + (Math.floor(i / 7) % 28)).padStart(2, "0")}T${String(Math.floor(i / 196) % 24).padStart(2, "0")}:00:00.${String(123456 + (i % 2)).padStart(6, "0")}Z`;
const awkward = (i: number) =>
  [`=HYPERLINK("x")`, `line one\nline two`, `"quoted", with comma`, `Aminath Ráiyyithun 🌴`, `+960 ${i}`, `plain ${i}`][i % 6];

async function insertEnquiries(count: number) {
  for (let from = 0; from < count; from += 200) {
    const rows = Array.from({ length: Math.min(200, count - from) }, (_, k) => {
      const i = from + k;
      return {
        id: `enq-${String(i).padStart(6, "0")}`,
        name: awkward(i),
        email: `visitor${i}@example.mv`,
        phone: awkward(i + 4),
        subject: "Residential",
        message: awkward(i + 1),
        source_page: "/",
        status: "new",
        email_status: "skipped",
        email_attempts: 0,
        created_at: stamp(i),
        updated_at: stamp(i),
      };
    });
    await db().insertInto("enquiries").values(rows).execute();
  }
}

async function insertActivity(count: number) {
  for (let from = 0; from < count; from += 200) {
    const rows = Array.from({ length: Math.min(200, count - from) }, (_, k) => {
      const i = from + k;
      return {
        id: `act-${String(i).padStart(6, "0")}`,
        created_at: stamp(i),
        actor_id: null,
        actor_email: `staff${i % 5}@example.mv`,
        ip: "10.0.0.1",
        kind: "content",
        action: "service.update",
        entity: "service",
        entity_id: `svc-${i}`,
        fields: JSON.stringify(["title", "sort_order"]),
        detail: awkward(i),
      };
    });
    await db().insertInto("activity_log").values(rows).execute();
  }
}

/** Every page of an export query (Node 20 has no Array.fromAsync). */
async function collect<T>(pages: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const page of pages) out.push(page);
  return out;
}

const bytesOf = async (response: Response) => Buffer.from(await response.arrayBuffer());

describe("CSV exports, streamed", () => {
  it("2,345 enquiries: the same bytes as the whole-file builder, each row once", async () => {
    await insertEnquiries(2345);
    const { cookie } = await adminSession();
    const response = await enquiriesExport.loader({ request: getRequest("/admin/enquiries/export.csv?status=inbox", cookie), params: {}, context: {} } as never);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="enquiries-inbox-\d{4}-\d{2}-\d{2}\.csv"$/);

    const [all] = await collect(pagesOfLeadsForExport({ status: "inbox", q: "" }, { pageSize: 100_000 }));
    expect(all).toHaveLength(2345);
    expect(new Set(all.map((lead) => lead.id)).size).toBe(2345);
    const expected = Buffer.from(`\uFEFF${toCsv(ENQUIRY_CSV_HEADER, all.map(enquiryCsvCells))}`, "utf8");
    expect((await bytesOf(response)).equals(expected)).toBe(true);
  });

  it("pages of any size give the same rows, and the limit holds", async () => {
    await insertEnquiries(100);
    const filter = { status: "inbox" as const, q: "" };
    const ids = async (pageSize: number, limit?: number) =>
      (await collect(pagesOfLeadsForExport(filter, { pageSize, limit }))).flat().map((lead) => lead.id);
    const whole = await ids(1000);
    expect(whole).toHaveLength(100);
    for (const size of [1, 6, 7, 8, 99, 100]) expect(await ids(size), `pages of ${size}`).toEqual(whole);
    expect(await ids(6, 15)).toEqual(whole.slice(0, 15));
  });

  it("1,234 activity entries: the same bytes as the whole-file builder", async () => {
    await insertActivity(1234);
    const { cookie } = await adminSession();
    const response = await activityExport.loader({ request: getRequest("/admin/activity/export.csv", cookie), params: {}, context: {} } as never);
    expect(response.status).toBe(200);
    const [all] = await collect(pagesOfActivityForExport({}, ACTIVITY_EXPORT_LIMIT, 100_000));
    // The admin's own sign-in is logged too.
    expect(all.filter((entry) => entry.id.startsWith("act-"))).toHaveLength(1234);
    const expected = Buffer.from(`\uFEFF${toCsv(ACTIVITY_CSV_HEADER, all.map(activityCsvCells))}`, "utf8");
    expect((await bytesOf(response)).equals(expected)).toBe(true);
  });
});
