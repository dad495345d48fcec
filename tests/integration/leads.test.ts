import { describe, expect, it } from "vitest";
import { submitEnquiry } from "~/.server/enquiries/enquiries";
import { db } from "~/.server/db";
import { processMailQueue } from "~/.server/mail/mail-queue";
import { setMailConfigForTests } from "~/.server/mail/mailer";
import { getEnquiry } from "~/.server/models/enquiries";
import { listLeadEvents } from "~/.server/models/lead-events";
import { leadFunnel, listDueFollowUps } from "~/.server/models/lead-follow-ups";
import { getLead } from "~/.server/models/leads";
import { siteDay } from "~/lib/format";
import EnquiriesPage, { action, loader } from "~/routes/admin/enquiries";
import { loader as exportLoader } from "~/routes/admin/enquiries-export";
import { action as templatesAction, loader as templatesLoader } from "~/routes/admin/reply-templates";
import { createMember, enquiryFields, formDataOf } from "../factories";
import { useTestDatabase } from "../setup/database";
import { decodedText, useSmtpSink } from "../setup/smtp-sink";
import { adminSession, call, decodeHtml, getRequest, memberSession, postRequest, renderPage } from "./admin-support";

useTestDatabase();

// Leads (docs/product.md#leads): stages, notes, assignment, follow-ups, value and replies, through the admin
// page's real action, on a fresh database of each engine; replies reach a real SMTP server on loopback.

const sink = useSmtpSink();

let ipSeq = 0;
async function newLead(overrides: Record<string, string> = {}) {
  const request = new Request("http://localhost:3000/", { method: "POST", headers: { "x-client-ip": `198.51.100.${++ipSeq}` } });
  const result = await submitEnquiry(request, formDataOf(enquiryFields(overrides)), "/");
  if (!result.ok) throw new Error("enquiry refused");
  return result.enquiry.id;
}

const post = (fields: Record<string, string>, cookie: string) => call(action, postRequest("/admin/enquiries", fields, cookie));

describe("lead stages", () => {
  it("a new enquiry starts in New; moving it records who, when and from/to on the timeline", async () => {
    const { admin, cookie } = await adminSession();
    const id = await newLead();
    expect((await getLead(id))?.stage).toBe("new");

    const moved = await post({ intent: "set-stage", id, stage: "contacted" }, cookie);
    expect(moved).toMatchObject({ status: 200, data: { ok: true, message: "Moved to Contacted" } });
    const lead = await getLead(id);
    expect(lead).toMatchObject({ stage: "contacted", status: "read" });
    const events = await listLeadEvents(id);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ kind: "stage", from_stage: "new", to_stage: "contacted", author_name: "Test Admin" });
    expect(Date.parse(events[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
    // Who: the entry keeps the admin's id as well as the name shown (names change; the id does not).
    const stored = await db().selectFrom("enquiry_events").select("author_id").where("enquiry_id", "=", id).executeTakeFirstOrThrow();
    expect(stored.author_id).toBe(admin.id);
  });

  it("Lost needs a reason; without one nothing changes", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    const refused = await post({ intent: "set-stage", id, stage: "lost", lost_reason: " " }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ ok: false, fieldErrors: { lost_reason: "Please give a reason why the lead was lost" } });
    expect((await getLead(id))?.stage).toBe("new");
    expect(await listLeadEvents(id)).toEqual([]);

    const lost = await post({ intent: "set-stage", id, stage: "lost", lost_reason: "Went with another builder" }, cookie);
    expect(lost.status).toBe(200);
    expect(await getLead(id)).toMatchObject({ stage: "lost", lost_reason: "Went with another builder" });
    expect((await listLeadEvents(id))[0]).toMatchObject({ to_stage: "lost", body: "Went with another builder" });
  });

  it("refuses unknown stages and unknown leads", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    expect((await post({ intent: "set-stage", id, stage: "paid" }, cookie)).status).toBe(400);
    expect((await post({ intent: "set-stage", id: "no-such-lead", stage: "won" }, cookie)).status).toBe(404);
    expect((await getLead(id))?.stage).toBe("new");
  });

  it("answers a missing or unknown lead, a bad status and an unknown intent as every admin page does, and changes nothing", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    const before = { lead: await getLead(id), events: await listLeadEvents(id) };
    const cases: Array<[Record<string, string>, number, string]> = [
      // No id is the caller's mistake (400); an id that names nothing is 404 (docs/decisions/0028-one-message-mechanism.md).
      [{ intent: "set-stage", stage: "won" }, 400, "No enquiry was given"],
      [{ intent: "add-note", body: "Hello" }, 400, "No enquiry was given"],
      [{ intent: "delete" }, 400, "No enquiry was given"],
      [{ intent: "set-value", id: "00000000-0000-0000-0000-000000000000", estimated_value: "100" }, 404, "Enquiry not found"],
      [{ intent: "delete", id: "../../etc" }, 404, "Enquiry not found"],
      [{ intent: "set-status", id, status: "shredded" }, 400, "Failed to update enquiry"],
      [{ intent: "set-note", id, body: "Hello" }, 400, "Unknown action"],
      [{ id }, 400, "Unknown action"],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await post(fields, cookie);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.data, JSON.stringify(fields)).toEqual({ ok: false, intent: fields.intent ?? "", message });
    }
    expect({ lead: await getLead(id), events: await listLeadEvents(id) }).toEqual(before);
  });

  it("the board lists open leads by stage with counts; archived and spam stay off it", async () => {
    const { cookie } = await adminSession();
    const a = await newLead({ name: "Board A" });
    const b = await newLead({ name: "Board B" });
    const archived = await newLead({ name: "Archived C" });
    await post({ intent: "set-stage", id: b, stage: "quoted" }, cookie);
    await post({ intent: "set-status", id: archived, status: "archived" }, cookie);
    const page = await call<{ board: { cards: Array<{ id: string; stage: string }>; counts: Record<string, number> }; view: string }>(
      loader,
      getRequest("/admin/enquiries?view=board", cookie),
    );
    expect(page.data.view).toBe("board");
    const inStage = (stage: string) => page.data.board.cards.filter((c) => c.stage === stage).map((c) => c.id);
    expect(inStage("new")).toEqual([a]);
    expect(inStage("quoted")).toEqual([b]);
    expect(page.data.board.cards.some((c) => c.id === archived)).toBe(false);
    expect(page.data.board.counts).toEqual({ new: 1, contacted: 0, quoted: 1, won: 0, lost: 0 });
  });

  it("the funnel counts how far each lead of the last 90 days got, win rate and value won", async () => {
    const { cookie } = await adminSession();
    const [a, b, c] = [await newLead(), await newLead(), await newLead()];
    await newLead({ website: "spam" }); // spam: not a lead
    await post({ intent: "set-value", id: a, estimated_value: "45,000" }, cookie);
    await post({ intent: "set-stage", id: a, stage: "won" }, cookie); // straight from New: contacted and quoted too
    await post({ intent: "set-stage", id: b, stage: "contacted" }, cookie);
    await post({ intent: "set-stage", id: b, stage: "lost", lost_reason: "Budget" }, cookie);
    void c;
    const funnel = await leadFunnel(new Date(Date.now() - 90 * 86_400_000).toISOString());
    expect(funnel).toEqual({ enquiries: 3, contacted: 2, quoted: 1, won: 1, lost: 1, valueWon: 45000 });
  });
});

describe("notes, assignee, follow-up and value", () => {
  it("notes join the timeline with their author; an empty note is refused", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    expect((await post({ intent: "add-note", id, body: "   " }, cookie)).status).toBe(400);
    const added = await post({ intent: "add-note", id, body: "Called, <b>no answer</b>." }, cookie);
    expect(added).toMatchObject({ status: 200, data: { message: "Note added" } });
    const page = await call<{ events: Array<{ kind: string; body: string; author_name: string }> }>(
      loader,
      getRequest(`/admin/enquiries?id=${id}`, cookie),
    );
    expect(page.data.events).toEqual([expect.objectContaining({ kind: "note", body: "Called, <b>no answer</b>.", author_name: "Test Admin" })]);
  });

  it("assigns a lead to an admin only, and unassigns", async () => {
    const { admin, cookie } = await adminSession();
    const member = await createMember();
    const id = await newLead();
    const refused = await post({ intent: "set-assignee", id, assignee_id: member.id }, cookie);
    expect(refused).toMatchObject({ status: 400, data: { fieldErrors: { assignee_id: "Choose an admin" } } });
    expect((await getLead(id))?.assignee_id).toBeNull();

    expect((await post({ intent: "set-assignee", id, assignee_id: admin.id }, cookie)).status).toBe(200);
    expect(await getLead(id)).toMatchObject({ assignee_id: admin.id, assignee_name: "Test Admin" });
    expect((await post({ intent: "set-assignee", id, assignee_id: "" }, cookie)).data).toMatchObject({ message: "Lead unassigned" });
    expect((await getLead(id))?.assignee_id).toBeNull();
    expect((await listLeadEvents(id)).map((e) => [e.kind, e.body])).toEqual([
      ["assignee", "Test Admin"],
      ["assignee", null],
    ]);
  });

  it("follow-ups: overdue and due-today lists (Maldives days); won and lost leads drop off", async () => {
    const { cookie } = await adminSession();
    const today = siteDay();
    const yesterday = siteDay(new Date(Date.now() - 86_400_000));
    const tomorrow = siteDay(new Date(Date.now() + 86_400_000));
    const [late, due, later, won] = [
      await newLead({ name: "Late" }),
      await newLead({ name: "Due" }),
      await newLead({ name: "Later" }),
      await newLead({ name: "Won" }),
    ];
    for (const [id, date] of [
      [late, yesterday],
      [due, today],
      [later, tomorrow],
      [won, yesterday],
    ]) {
      expect((await post({ intent: "set-follow-up", id, follow_up_on: date }, cookie)).status).toBe(200);
    }
    await post({ intent: "set-stage", id: won, stage: "won" }, cookie);
    const lists = await listDueFollowUps(today);
    expect(lists.overdue.map((i) => i.name)).toEqual(["Late"]);
    expect(lists.dueToday.map((i) => i.name)).toEqual(["Due"]);
    expect((await post({ intent: "set-follow-up", id: late, follow_up_on: "2026-02-31" }, cookie)).status).toBe(400);
    expect((await post({ intent: "set-follow-up", id: late, follow_up_on: "tomorrow" }, cookie)).status).toBe(400);
    expect((await getLead(late))?.follow_up_on).toBe(yesterday);
  });

  it("estimated value in dollars; nonsense is refused", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    expect((await post({ intent: "set-value", id, estimated_value: "$12,500.50" }, cookie)).status).toBe(200);
    expect((await getLead(id))?.estimated_value).toBe(12500.5);
    for (const bad of ["-5", "lots", "1e12"]) expect((await post({ intent: "set-value", id, estimated_value: bad }, cookie)).status).toBe(400);
    expect((await getLead(id))?.estimated_value).toBe(12500.5);
  });
});

describe("the CSV export", () => {
  it("carries each lead's stage, lost reason, assignee, follow-up and value beside the enquiry", async () => {
    const { admin, cookie } = await adminSession();
    const won = await newLead({ name: "Aminath Export" });
    const lost = await newLead({ name: "Ibrahim Export" });
    await post({ intent: "set-stage", id: won, stage: "won" }, cookie);
    await post({ intent: "set-assignee", id: won, assignee_id: admin.id }, cookie);
    await post({ intent: "set-value", id: won, estimated_value: "125000" }, cookie);
    await post({ intent: "set-follow-up", id: won, follow_up_on: "2026-12-01" }, cookie);
    await post({ intent: "set-stage", id: lost, stage: "lost", lost_reason: "Went with another builder" }, cookie);

    const response = await exportLoader({ request: getRequest("/admin/enquiries/export.csv?status=inbox&q=export", cookie), params: {}, context: {} } as never);
    expect(response.headers.get("content-type")).toContain("text/csv");
    const [header, ...rows] = (await response.text()).replace(/^\uFEFF/, "").trim().split("\r\n").map((line) => line.split(","));
    const column = (row: string[], name: string) => row[header.indexOf(name)];
    expect(header).toEqual(expect.arrayContaining(["Stage", "Lost reason", "Assigned to", "Follow-up", "Estimated value", "Referrer", "UTM campaign"]));
    expect(rows).toHaveLength(2);
    const wonRow = rows.find((row) => column(row, "Name") === "Aminath Export")!;
    expect([column(wonRow, "Stage"), column(wonRow, "Assigned to"), column(wonRow, "Estimated value"), column(wonRow, "Follow-up")]).toEqual([
      "Won",
      "Test Admin",
      "125000",
      "2026-12-01",
    ]);
    const lostRow = rows.find((row) => column(row, "Name") === "Ibrahim Export")!;
    expect([column(lostRow, "Stage"), column(lostRow, "Lost reason"), column(lostRow, "Assigned to")]).toEqual(["Lost", "Went with another builder", ""]);
  });
});

describe("replies from the lead", () => {
  it("sends plain text to the visitor with reply-to the office; the message and its status join the timeline", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    // Set after the enquiry: the office's own notification of it is not what this test reads.
    setMailConfigForTests(sink.config);
    const sent = await post({ intent: "send-reply", id, subject: "Re: Residential", body: "Dear Shifa,\n\nWe will call you <tomorrow>.\n" }, cookie);
    expect(sent).toMatchObject({ status: 200, data: { ok: true, message: "Reply sent to shifa@example.mv" } });
    // The queue's run also sends the office its notification of the enquiry: the reply is the one to the visitor.
    const raw = sink.received.find((message) => /^To: .*shifa@example\.mv/m.test(message));
    expect(raw).toBeDefined();
    const split = raw!.search(/\r?\n\r?\n/);
    const [head, body] = [raw!.slice(0, split), raw!.slice(split)];
    expect(head).toMatch(/^To: "?Aishath Shifa"? <shifa@example\.mv>/m);
    expect(head).toMatch(/^From: "?Atoll Construction & Services"? <website@atoll\.example>/m);
    expect(head).toMatch(new RegExp(`^X-Enquiry-Id: ${id}`, "mi"));
    expect(head).toMatch(/^Reply-To: office@atoll\.example/m);
    expect(head).toMatch(/^Subject: Re: Residential/m);
    expect(head).toMatch(/^Content-Type: text\/plain/m);
    expect(body).toContain("We will call you <tomorrow>.");
    const events = await listLeadEvents(id);
    expect(events).toEqual([
      expect.objectContaining({ kind: "email", email_to: "shifa@example.mv", email_subject: "Re: Residential", email_status: "sent" }),
    ]);
  });

  it("refuses a subject with a line break (no header injection) and sends nothing", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    setMailConfigForTests(sink.config);
    const refused = await post({ intent: "send-reply", id, subject: "Hello\r\nBcc: evil@attacker.example", body: "Hi" }, cookie);
    expect(refused).toMatchObject({ status: 400, data: { fieldErrors: { subject: "Subject must be one line" } } });
    expect(sink.received).toHaveLength(0);
    expect(await listLeadEvents(id)).toEqual([]);
  });

  it("a delivery refused for good (5xx) is shown and recorded as failed", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    setMailConfigForTests(sink.config);
    sink.refuse = "permanent";
    const failed = await post({ intent: "send-reply", id, subject: "Re: Residential", body: "Hello" }, cookie);
    expect(failed.status).toBe(502);
    expect(failed.data).toMatchObject({ ok: false, message: "Failed to send the reply" });
    expect((await listLeadEvents(id))[0]).toMatchObject({
      kind: "email",
      email_status: "failed",
      email_error: expect.stringContaining("Mailbox unavailable"),
    });
  });

  it("a delivery refused for now (4xx) stays queued on the timeline and goes out on the queue's next try", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    setMailConfigForTests(sink.config);
    sink.refuse = "temporary";
    const queued = await post({ intent: "send-reply", id, subject: "Re: Residential", body: "Hello again" }, cookie);
    expect(queued).toMatchObject({ status: 200, data: { ok: true, pending: true, message: "Reply to shifa@example.mv is queued" } });
    expect(queued.data.detail).toMatch(/The mail server did not take it yet \(.*try again later\)\. It is tried again over the next minutes/);
    expect((await listLeadEvents(id))[0]).toMatchObject({ kind: "email", email_status: "queued", email_error: expect.stringContaining("try again later") });
    expect(sink.received.some((message) => /^To: .*shifa@example\.mv/m.test(message))).toBe(false);
    const page = await call(loader, getRequest(`/admin/enquiries?id=${id}`, cookie));
    const html = decodeHtml(renderPage(EnquiriesPage as never, `/admin/enquiries?id=${id}`, page.data));
    expect(html).toMatch(/Email to shifa@example\.mv: <strong>Re: Residential<\/strong>.*?>Sending<\/span>/s);
    expect(html).toMatch(/Not taken yet, tried again shortly: .*try again later/);

    sink.refuse = false;
    await db().updateTable("mail_outbox").set({ next_attempt_at: 0 }).where("kind", "=", "reply").execute();
    await processMailQueue();
    expect((await listLeadEvents(id))[0]).toMatchObject({ email_status: "sent", email_error: null });
    const raw = sink.received.find((message) => /^To: .*shifa@example\.mv/m.test(message));
    expect(raw && decodedText(raw)).toContain("Hello again");
  });

  it("an address that would add recipients is never queued: the reply is recorded as not sent", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    await db().updateTable("enquiries").set({ email: "shifa@example.mv>, evil@attacker.example" }).where("id", "=", id).execute();
    setMailConfigForTests(sink.config);
    const refused = await post({ intent: "send-reply", id, subject: "Re: Residential", body: "Hello" }, cookie);
    expect(refused).toMatchObject({ status: 502, data: { ok: false, detail: "The visitor's email address is not valid" } });
    expect((await listLeadEvents(id))[0]).toMatchObject({ kind: "email", email_status: "failed", email_error: "The visitor's email address is not valid" });
    expect(await db().selectFrom("mail_outbox").select("id").where("kind", "=", "reply").execute()).toEqual([]);
  });

  it("without SMTP the reply is refused with a reason and nothing is recorded", async () => {
    setMailConfigForTests(null);
    const { cookie } = await adminSession();
    const id = await newLead();
    const answer = await post({ intent: "send-reply", id, subject: "Re: x", body: "Hello" }, cookie);
    expect(answer.status).toBe(409);
    expect(await listLeadEvents(id)).toEqual([]);
  });

  it("templates: created, edited, listed on the lead page, deleted; a multi-line subject is refused", async () => {
    const { cookie } = await adminSession();
    const list = async () =>
      (await call<{ templates: Array<{ id: string; name: string }> }>(templatesLoader, getRequest("/admin/enquiries/templates", cookie))).data
        .templates;
    expect((await list()).map((t) => t.name)).toContain("Thanks, we will call you tomorrow");
    const created = await call(
      templatesAction,
      postRequest(
        "/admin/enquiries/templates",
        { intent: "create-template", name: "Quote ready", subject: "Your quote", body: "Dear {name}" },
        cookie,
      ),
    );
    expect(created.status).toBe(200);
    const id = String(created.data.id);
    expect(
      (
        await call(
          templatesAction,
          postRequest("/admin/enquiries/templates", { intent: "update-template", id, name: "Quote ready", subject: "A\nB", body: "x" }, cookie),
        )
      ).status,
    ).toBe(400);
    expect(
      (
        await call(
          templatesAction,
          postRequest(
            "/admin/enquiries/templates",
            { intent: "update-template", id, name: "Quote is ready", subject: "Your quote", body: "x" },
            cookie,
          ),
        )
      ).status,
    ).toBe(200);
    const lead = await newLead();
    const page = await call<{ templates: Array<{ name: string }> }>(loader, getRequest(`/admin/enquiries?id=${lead}`, cookie));
    expect(page.data.templates.map((t) => t.name)).toContain("Quote is ready");
    expect((await call(templatesAction, postRequest("/admin/enquiries/templates", { intent: "delete-template", id }, cookie))).status).toBe(200);
    expect((await list()).map((t) => t.name)).not.toContain("Quote is ready");
  });
});

describe("bulk actions on ticked enquiries", () => {
  const postMany = (fields: Record<string, string | string[]>, cookie: string) => call(action, postRequest("/admin/enquiries", fields, cookie));
  const statuses = async (ids: string[]) => Promise.all(ids.map(async (id) => (await getEnquiry(id))?.status ?? "gone"));
  /** The activity log's status changes and deletions of these enquiries, as "action index detail", sorted. */
  const logged = async (ids: string[]) =>
    (
      await db()
        .selectFrom("activity_log")
        .select(["action", "entity_id", "detail"])
        .where("entity", "=", "enquiry")
        .where("action", "in", ["enquiry.set-status", "enquiry.delete"])
        .where("entity_id", "in", ids)
        .execute()
    )
      .map((e) => `${e.action} ${ids.indexOf(e.entity_id!)} ${e.detail ?? ""}`.trim())
      .sort();

  it("marks, archives and moves several to Spam at once; each real change is logged, the list counts them", async () => {
    const { cookie } = await adminSession();
    const ids = [await newLead(), await newLead(), await newLead()];
    await post({ intent: "set-status", id: ids[1], status: "read" }, cookie);

    const read = await postMany({ intent: "bulk-status", status: "read", ids: [ids[0], ids[1]] }, cookie);
    expect(read).toMatchObject({ status: 200, data: { ok: true, intent: "bulk-status", message: "2 enquiries marked as read" } });
    expect(await statuses(ids)).toEqual(["read", "read", "new"]);
    // The second was read already: its one entry is that earlier change, none from the bulk action.
    expect(await logged(ids)).toEqual(["enquiry.set-status 0 new → read", "enquiry.set-status 1 new → read"]);

    const archived = await postMany({ intent: "bulk-status", status: "archived", ids }, cookie);
    expect(archived.data).toMatchObject({ ok: true, message: "3 enquiries archived" });
    expect(await statuses(ids)).toEqual(["archived", "archived", "archived"]);
    const page = await call<{ counts: Record<string, number> }>(loader, getRequest("/admin/enquiries", cookie));
    expect(page.data.counts).toMatchObject({ new: 0, read: 0, archived: 3 });

    const spam = await postMany({ intent: "bulk-status", status: "spam", ids: [ids[2]] }, cookie);
    expect(spam.data).toMatchObject({ ok: true, message: "1 enquiry moved to Spam" });
    expect(await statuses(ids)).toEqual(["archived", "archived", "spam"]);
  });

  it("deletes several with everything on them, each logged; ids named twice or gone meanwhile are left out", async () => {
    const { cookie } = await adminSession();
    const [a, b, kept] = [await newLead(), await newLead(), await newLead()];
    await post({ intent: "add-note", id: a, body: "Call back on Sunday" }, cookie);
    await postMany({ intent: "bulk-delete", ids: [b] }, cookie);

    // Named 60 times, it still counts once against the limit of 50.
    const answer = await postMany({ intent: "bulk-delete", ids: [...Array<string>(60).fill(a), b, "00000000-0000-0000-0000-000000000000"] }, cookie);
    expect(answer).toMatchObject({ status: 200, data: { ok: true, intent: "bulk-delete", message: "1 enquiry deleted" } });
    expect(await statuses([a, b, kept])).toEqual(["gone", "gone", "new"]);
    expect(await listLeadEvents(a)).toEqual([]);
    expect(await logged([a, b])).toEqual(["enquiry.delete 0", "enquiry.delete 1"]);
  });

  it("refuses a bulk action with nothing, too much or nothing left to change, and changes nothing", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    const many = Array.from({ length: 51 }, (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, "0")}`);
    const before = { statuses: await statuses([id]), log: await logged([id]) };
    const cases: Array<[Record<string, string | string[]>, number, string]> = [
      [{ intent: "bulk-status", status: "archived" }, 400, "No enquiry was selected"],
      [{ intent: "bulk-delete", ids: [" ", ""] }, 400, "No enquiry was selected"],
      [{ intent: "bulk-delete", ids: [id, ...many] }, 400, "At most 50 can be changed at once"],
      [{ intent: "bulk-status", ids: [id], status: "shredded" }, 400, "Failed to update enquiries"],
      [{ intent: "bulk-status", ids: [id] }, 400, "Failed to update enquiries"],
      [{ intent: "bulk-status", ids: ["../../etc", many[0]], status: "read" }, 404, "The selected enquiries no longer exist"],
      [{ intent: "bulk-delete", ids: [many[1]] }, 404, "The selected enquiries no longer exist"],
    ];
    for (const [fields, status, message] of cases) {
      const answer = await postMany(fields, cookie);
      expect(answer.status, JSON.stringify(fields)).toBe(status);
      expect(answer.data, JSON.stringify(fields)).toEqual({ ok: false, intent: fields.intent, message });
    }
    expect({ statuses: await statuses([id]), log: await logged([id]) }).toEqual(before);
  });
});

describe("access", () => {
  it("a signed-in non-admin can change nothing on a lead", async () => {
    const { cookie } = await memberSession();
    const id = await newLead();
    for (const fields of <Array<Record<string, string>>>[
      { intent: "set-stage", id, stage: "won" },
      { intent: "add-note", id, body: "x" },
      { intent: "set-follow-up", id, follow_up_on: "2026-12-01" },
      { intent: "send-reply", id, subject: "x", body: "y" },
    ]) {
      expect((await post(fields, cookie)).status).toBe(403);
    }
    expect(await getLead(id)).toMatchObject({ stage: "new", follow_up_on: null });
    expect((await getEnquiry(id))?.status).toBe("new");
    expect(await listLeadEvents(id)).toEqual([]);
  });
});

describe("the daily email to each assignee", () => {
  it("lists overdue follow-ups and new leads, once a day, only to admins with something due", async () => {
    const { sendLeadDigests } = await import("~/.server/enquiries/lead-digest");
    const { admin, cookie } = await adminSession();
    await adminSession(); // another admin, with nothing assigned: no email
    const today = siteDay();
    const late = await newLead({ name: "Late Lead" });
    const fresh = await newLead({ name: "Fresh Lead" });
    const notDue = await newLead({ name: "Later Lead" });
    for (const id of [late, fresh, notDue]) await post({ intent: "set-assignee", id, assignee_id: admin.id }, cookie);
    await post({ intent: "set-stage", id: late, stage: "contacted" }, cookie);
    await post({ intent: "set-follow-up", id: late, follow_up_on: siteDay(new Date(Date.now() - 2 * 86_400_000)) }, cookie);
    await post({ intent: "set-stage", id: notDue, stage: "quoted" }, cookie);
    await post({ intent: "set-follow-up", id: notDue, follow_up_on: siteDay(new Date(Date.now() + 5 * 86_400_000)) }, cookie);
    sink.received.length = 0;

    expect(await sendLeadDigests(new Date(), sink.config)).toEqual({ sent: 1, failed: 0 });
    await expect.poll(() => sink.received.length).toBe(1);
    // The body is quoted-printable: soft line breaks and =XX escapes undone.
    const mail = decodedText(sink.received[0]);
    expect(mail).toMatch(new RegExp(`^To: .*<${admin.email}>`, "m"));
    expect(mail).toMatch(/^Subject: Your leads today: 1 follow-ups, 1 new/m);
    expect(mail).toContain("Late Lead");
    expect(mail).toContain("Fresh Lead");
    expect(mail).not.toContain("Later Lead");
    expect(mail).toContain(`/admin/enquiries?id=${late}`);
    expect(mail).toContain(today);
    // The day is claimed: another instance (or the next tick) sends nothing.
    expect(await sendLeadDigests(new Date(), sink.config)).toBeNull();
    expect(sink.received).toHaveLength(1);
  });
});

describe("the lead's details form (one Save)", () => {
  it("saves stage, assignee, follow-up and value together; only what changed joins the timeline; saving again adds nothing", async () => {
    const { admin, cookie } = await adminSession();
    const id = await newLead();
    const form = { intent: "save-lead", id, stage: "new", lost_reason: "", assignee_id: admin.id, follow_up_on: "", estimated_value: "" };
    // The assignee changed and the stage did not: the assignee is kept, one entry is added.
    const saved = await post(form, cookie);
    expect(saved).toMatchObject({ status: 200, data: { message: "Lead saved" } });
    expect(await getLead(id)).toMatchObject({ stage: "new", assignee_id: admin.id });
    expect((await listLeadEvents(id)).map((e) => [e.kind, e.body])).toEqual([["assignee", "Test Admin"]]);

    const again = await post(form, cookie);
    expect(again).toMatchObject({ status: 200, data: { message: "Nothing changed" } });
    expect(await listLeadEvents(id)).toHaveLength(1);

    await post({ ...form, stage: "quoted", follow_up_on: "2026-12-01", estimated_value: "45,000" }, cookie);
    expect(await getLead(id)).toMatchObject({ stage: "quoted", assignee_id: admin.id, follow_up_on: "2026-12-01", estimated_value: 45000 });
    // Entries of one save share their time, so their order among themselves is not fixed.
    expect((await listLeadEvents(id)).map((e) => e.kind).sort()).toEqual(["assignee", "follow_up", "stage", "value"]);
    await post({ ...form, stage: "quoted", follow_up_on: "2026-12-01", estimated_value: "45000.00" }, cookie);
    expect(await listLeadEvents(id)).toHaveLength(4);
  });

  it("one field at a time, an unchanged value or a lost lead's same reason adds no entry", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    await post({ intent: "set-value", id, estimated_value: "100" }, cookie);
    await post({ intent: "set-value", id, estimated_value: "100" }, cookie);
    await post({ intent: "set-stage", id, stage: "lost", lost_reason: "Budget" }, cookie);
    await post({ intent: "set-stage", id, stage: "lost", lost_reason: "Budget" }, cookie);
    await post({ intent: "set-follow-up", id, follow_up_on: "" }, cookie);
    expect((await listLeadEvents(id)).map((e) => e.kind)).toEqual(["value", "stage"]);
  });
});

describe("a reply sent from the admin's own email app", () => {
  it("is recorded on the timeline with its text, without a mail server", async () => {
    const { cookie } = await adminSession();
    const id = await newLead();
    const answer = await post({ intent: "record-reply", id, subject: "Re: Residential", body: "We can visit on Sunday." }, cookie);
    expect(answer).toMatchObject({ status: 200, data: { message: "Reply recorded on the timeline" } });
    expect(await listLeadEvents(id)).toEqual([
      expect.objectContaining({ kind: "email", email_status: "external", email_subject: "Re: Residential", body: "We can visit on Sunday." }),
    ]);
    expect((await post({ intent: "record-reply", id, subject: "Re: Residential", body: " " }, cookie)).status).toBe(400);
    expect(await listLeadEvents(id)).toHaveLength(1);
  });
});
