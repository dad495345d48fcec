import { describe, expect, it } from "vitest";
import { db } from "~/.server/db";
import { createProject } from "~/.server/models/projects";
import { BOARD_COLUMN_SIZE } from "~/.server/models/leads";
import EnquiriesPage, { loader as enquiriesLoader } from "~/routes/admin/enquiries";
import { loader as exportLoader } from "~/routes/admin/enquiries-export";
import ProjectsPage, { loader as projectsLoader } from "~/routes/admin/projects";
import { ENQUIRIES_PAGE_SIZE, PROJECTS_PAGE_SIZE } from "~/validation/paging";
import { projectInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, decodeHtml, getRequest, renderPage } from "./admin-support";

useTestDatabase();

// The admin's long lists come a page at a time (docs/decisions/0056-paged-admin-lists.md): the loader reads one
// page, newest first, and the page shows where it is with Previous / Next links that keep the list's filters.


/** The Previous / Next links' targets in rendered HTML (null: the button is disabled). */
function pagerLinks(html: string) {
  const nav = decodeHtml(html).match(/<nav aria-label="(?:Project|Enquiry) pages"[\s\S]*?<\/nav>/)?.[0];
  if (!nav) return null;
  const target = (label: string) => {
    const link = [...nav.matchAll(/<a\s[^>]*>/g)].map((m) => m[0]).find((tag) => tag.includes(`aria-label="${label}"`));
    return link?.match(/\shref="([^"]*)"/)?.[1] ?? null;
  };
  return { text: nav.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim(), previous: target("Previous page"), next: target("Next page") };
}

describe("the admin projects list, a page at a time", () => {
  it("shows 24 cards a page, newest first, with links to the other pages; a page past the end is the last page", async () => {
    const { admin, cookie } = await adminSession();
    const total = PROJECTS_PAGE_SIZE + 2;
    // Each a minute newer than the one before: "Project 26" is the newest.
    for (let i = 1; i <= total; i++) {
      await createProject(projectInput({ title: `Project ${i}` }), admin.id, new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString());
    }

    const first = await call<{ projects: Array<{ title: string }>; paging: unknown }>(projectsLoader, getRequest("/admin/projects", cookie));
    expect(first.data.projects.map((p) => p.title)).toEqual(Array.from({ length: PROJECTS_PAGE_SIZE }, (_, i) => `Project ${total - i}`));
    const firstHtml = renderPage(ProjectsPage as never, "/admin/projects", first.data);
    expect(pagerLinks(firstHtml)).toEqual({ text: "Showing 1–24 of 26 Previous Page 1 of 2 Next", previous: null, next: "/admin/projects?page=2" });

    const second = await call<{ projects: Array<{ title: string }> }>(projectsLoader, getRequest("/admin/projects?page=2", cookie));
    expect(second.data.projects.map((p) => p.title)).toEqual(["Project 2", "Project 1"]);
    const secondHtml = renderPage(ProjectsPage as never, "/admin/projects?page=2", second.data);
    expect(pagerLinks(secondHtml)).toEqual({ text: "Showing 25–26 of 26 Previous Page 2 of 2 Next", previous: "/admin/projects", next: null });
    expect(secondHtml).toContain("Project 1");
    expect(secondHtml).not.toContain("Project 26");

    // A stale link (its page emptied by a delete) shows the last page; a made-up value the first.
    for (const [query, titles] of [
      ["?page=7", ["Project 2", "Project 1"]],
      ["?page=0", first.data.projects.map((p) => p.title)],
      ["?page=abc", first.data.projects.map((p) => p.title)],
      ["?page=99999999999999999999", ["Project 2", "Project 1"]],
    ] as const) {
      const answer = await call<{ projects: Array<{ title: string }> }>(projectsLoader, getRequest(`/admin/projects${query}`, cookie));
      expect(answer.status, query).toBe(200);
      expect(answer.data.projects.map((p) => p.title), query).toEqual(titles);
    }
  });

  it("shows no pager while every project fits on one page", async () => {
    const { admin, cookie } = await adminSession();
    for (let i = 1; i <= 3; i++) await createProject(projectInput({ title: `Small ${i}` }), admin.id);
    const answer = await call(projectsLoader, getRequest("/admin/projects", cookie));
    const html = renderPage(ProjectsPage as never, "/admin/projects", answer.data);
    expect(html).toContain("Small 3");
    expect(pagerLinks(html)).toBeNull();
  });
});

/** `count` enquiries a minute apart, "Visitor 1" the oldest; every third one archived unless told otherwise. */
async function insertEnquiries(count: number, fields: (i: number) => Record<string, unknown> = () => ({}), from = 1) {
  const rows = Array.from({ length: count }, (_, k) => {
    const i = from + k;
    const at = new Date(Date.UTC(2026, 5, 1, 0, i)).toISOString();
    return {
      id: `enq-${String(i).padStart(4, "0")}`,
      name: `Visitor ${i}`,
      email: `visitor${i}@example.mv`,
      phone: null,
      subject: i % 2 ? "Residential" : "Commercial",
      message: `Message ${i}`,
      source_page: "/",
      status: i % 3 === 0 ? "archived" : "new",
      email_status: "skipped",
      email_attempts: 0,
      created_at: at,
      updated_at: at,
      ...fields(i),
    };
  });
  await db().insertInto("enquiries").values(rows as never).execute();
}

type EnquiryAnswer = { enquiries: Array<{ name: string }>; paging: { page: number; pageCount: number; total: number } | null; counts: Record<string, number> };

describe("the enquiries list, a page at a time", () => {
  it("pages each folder and each search by its own count, and the links keep the folder and the search", async () => {
    const { cookie } = await adminSession();
    await insertEnquiries(3 * ENQUIRIES_PAGE_SIZE); // 150: 100 in the inbox, 50 archived
    const get = (query: string) => call<EnquiryAnswer>(enquiriesLoader, getRequest(`/admin/enquiries${query}`, cookie));

    const inbox = await get("");
    expect(inbox.data.paging).toMatchObject({ page: 1, pageCount: 2, total: 100 });
    expect(inbox.data.enquiries).toHaveLength(ENQUIRIES_PAGE_SIZE);
    expect(inbox.data.enquiries[0].name).toBe("Visitor 149");
    expect(pagerLinks(renderPage(EnquiriesPage as never, "/admin/enquiries", inbox.data))).toEqual({
      text: "Showing 1–50 of 100 Previous Page 1 of 2 Next",
      previous: null,
      next: "/admin/enquiries?page=2",
    });

    const older = await get("?page=2");
    expect(older.data.enquiries.map((e) => e.name).at(-1)).toBe("Visitor 1");
    expect(new Set([...inbox.data.enquiries, ...older.data.enquiries].map((e) => e.name)).size).toBe(100);

    // The archive alone fits on one page: no pager, and a stale ?page=2 shows it.
    const archived = await get("?status=archived&page=2");
    expect(archived.data.paging).toMatchObject({ page: 1, pageCount: 1, total: 50 });
    expect(pagerLinks(renderPage(EnquiriesPage as never, "/admin/enquiries?status=archived&page=2", archived.data))).toBeNull();

    // A search counts its own matches: "Commercial" is every even number, and a third of those are archived.
    const commercial = await get("?status=new&q=commercial");
    expect(commercial.data.paging).toMatchObject({ total: 50, pageCount: 1 });
    expect(commercial.data.enquiries).toHaveLength(50);
    // "visitor1" matches Visitor 1, 10-19 and 100-149, less the archived ones.
    const search = await get("?q=visitor1");
    const expected = Array.from({ length: 150 }, (_, k) => k + 1).filter((i) => String(i).startsWith("1") && i % 3 !== 0).length;
    expect(search.data.paging).toMatchObject({ total: expected, pageCount: 1 });

    // With an enquiry open, the pager keeps it open and keeps the search.
    const opened = await get("?q=visitor&id=enq-0149");
    const html = renderPage(EnquiriesPage as never, "/admin/enquiries?q=visitor&id=enq-0149", opened.data);
    expect(pagerLinks(html)).toMatchObject({ next: "/admin/enquiries?q=visitor&id=enq-0149&page=2" });
    // Choosing a folder starts again at its first page.
    const page2 = renderPage(EnquiriesPage as never, "/admin/enquiries?page=2", older.data);
    expect(decodeHtml(page2)).toContain('href="/admin/enquiries?status=archived"');
    expect(decodeHtml(page2)).not.toMatch(/export\.csv\?[^"]*page=/);
  });
});

describe("the lead board's columns and the list of one stage", () => {
  it("shows each stage's newest 50 with its full count, and 'View all' opens that stage's list, paged and exported alike", async () => {
    const { cookie } = await adminSession();
    const quoted = BOARD_COLUMN_SIZE + 10;
    await insertEnquiries(quoted, () => ({ stage: "quoted", status: "read" })); // Visitor 1-60
    await insertEnquiries(3, () => ({ stage: "won", status: "read" }), 101); // Visitor 101-103
    await insertEnquiries(5, () => ({ stage: "quoted", status: "archived" }), 201); // not open: not on the board
    const get = (query: string) => call<EnquiryAnswer & { board: { cards: Array<{ name: string; stage: string }>; counts: Record<string, number> } | null }>(enquiriesLoader, getRequest(`/admin/enquiries${query}`, cookie));

    const board = await get("?view=board");
    expect(board.data.board?.counts).toEqual({ new: 0, contacted: 0, quoted: quoted, won: 3, lost: 0 });
    const quotedCards = board.data.board!.cards.filter((c) => c.stage === "quoted");
    expect(quotedCards).toHaveLength(BOARD_COLUMN_SIZE);
    expect(quotedCards[0].name).toBe("Visitor 60");
    expect(board.data.board!.cards.filter((c) => c.stage === "won").map((c) => c.name)).toEqual(["Visitor 103", "Visitor 102", "Visitor 101"]);
    const boardHtml = decodeHtml(renderPage(EnquiriesPage as never, "/admin/enquiries?view=board", board.data));
    expect(boardHtml).toContain(`aria-label="${quoted} leads"`);
    expect(boardHtml).toMatch(new RegExp(`<a [^>]*href="/admin/enquiries\\?stage=quoted"[^>]*>View all ${quoted}`));
    expect(boardHtml.match(/View all/g)).toHaveLength(1);

    const list = await get("?stage=quoted");
    expect(list.data.paging).toMatchObject({ total: quoted, pageCount: 2 });
    const listHtml = decodeHtml(renderPage(EnquiriesPage as never, "/admin/enquiries?stage=quoted", list.data));
    expect(listHtml).toContain("Stage: Quote sent");
    expect(listHtml).toMatch(/<a [^>]*href="\/admin\/enquiries"[^>]*>Show every stage/);
    expect(listHtml).toContain('<input type="hidden" name="stage" value="quoted"/>');
    // The folders count that stage's enquiries (60 open, 5 archived), not the whole folders'.
    expect(list.data.counts).toEqual({ new: 0, read: quoted, archived: 5, spam: 0 });
    expect(listHtml).toMatch(new RegExp(`>Inbox<span[^>]*>${quoted}</span>`));
    expect(listHtml).toMatch(/>Archived<span[^>]*>5<\/span>/);
    expect((await get("")).data.counts).toEqual({ new: 0, read: quoted + 3, archived: 5, spam: 0 });
    expect(pagerLinks(listHtml)).toMatchObject({ next: "/admin/enquiries?stage=quoted&page=2" });
    expect((await get("?stage=quoted&page=2")).data.enquiries.map((e) => e.name)).toEqual(Array.from({ length: 10 }, (_, k) => `Visitor ${10 - k}`));
    expect((await get("?status=archived&stage=quoted")).data.paging).toMatchObject({ total: 5 });
    // An unknown stage is no filter.
    expect((await get("?stage=closed")).data.paging).toMatchObject({ total: quoted + 3 });

    const csv = await exportLoader({ request: getRequest("/admin/enquiries/export.csv?stage=won", cookie), params: {}, context: {} } as never);
    expect(csv.headers.get("content-disposition")).toMatch(/^attachment; filename="enquiries-inbox-won-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = (await csv.text()).trim().split("\n");
    expect(rows).toHaveLength(1 + 3);
    expect(rows.slice(1).every((row: string) => row.includes(",Won,"))).toBe(true);
    expect(rows.slice(1).map((row: string) => row.match(/Visitor \d+/)?.[0])).toEqual(["Visitor 103", "Visitor 102", "Visitor 101"]);
  });
});
