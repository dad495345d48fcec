import crypto from "node:crypto";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import nodemailer from "nodemailer";
import { SMTPServer } from "smtp-server";
import express from "express";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { db, setDatabase } from "~/.server/db";
import { submitEnquiry } from "~/.server/enquiries/enquiries";
import { countPageViews, createInsightCounter, insightCounter, stopInsight } from "~/.server/insight/insight";
import { addDays, dayOf } from "~/.server/insight/view-facts";
import { mondayOf, sendWeeklyReportIfDue } from "~/.server/insight/insight-report";
import { createEnquiry } from "~/.server/models/enquiries";
import { getLead } from "~/.server/models/leads";
import { getInsightReport } from "~/.server/models/insight-reads";
import { rollUpEndedDays } from "~/.server/models/insight-rollups";
import { createService } from "~/.server/models/services";
import { createPageCache } from "~/.server/cache/page-cache";
import { loader } from "~/routes/admin/insight";
import { enquiryFields, formDataOf, serviceInput } from "../factories";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest } from "./admin-support";

// Visitor statistics (docs/product.md#insight) in a real Express app over real HTTP, in the order server/app.ts
// mounts things (counting, then the page cache, then the renderer), on a real database. The renderer stands in
// for React Router's handler; tests/e2e/insight.spec.ts covers the real server and the SIGTERM flush.

const database = useTestDatabase();

const PHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

let server: Server;
let origin = "";
let renders = 0;

async function start({ pageCache }: { pageCache: boolean }) {
  const app = express();
  // The test sets the client address with X-Forwarded-For, as a proxy would (TRUST_PROXY).
  app.set("trust proxy", true);
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use(countPageViews);
  if (pageCache) app.use(createPageCache().middleware);
  app.use((req, res) => {
    renders++;
    if (req.path === "/service/missing") {
      res.status(404).type("html").send("<h1>Service Not Found</h1>");
      return;
    }
    if (req.path.startsWith("/admin")) {
      res.status(200).type("html").send("<h1>Admin</h1>");
      return;
    }
    res.status(200).type("html").send(`<!DOCTYPE html><html><body><h1>${req.path}</h1></body></html>`);
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeEach(() => {
  renders = 0;
});

afterEach(async () => {
  if (server) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await stopInsight();
});

async function visit(path: string, { ip = "198.51.100.7", ua = DESKTOP, headers = {} as Record<string, string>, method = "GET" } = {}) {
  const response = await fetch(`${origin}${path}`, { method, headers: { "user-agent": ua, "x-forwarded-for": ip, ...headers } });
  await response.arrayBuffer();
  return response;
}

/** What is stored once this instance's buffer is written. */
async function stored() {
  // The count runs when the response has finished on the server, which can be just after the client has it.
  await new Promise((resolve) => setTimeout(resolve, 30));
  await insightCounter().flush();
  const visitors = await db().selectFrom("insight_visitors").selectAll().orderBy("visitor").execute();
  const pages = await db().selectFrom("insight_pages").selectAll().orderBy("path").execute();
  return {
    visitors: visitors.map((v) => ({ ...v, pageviews: Number(v.pageviews) })),
    pages: pages.map((p) => ({ path: p.path, day: p.day, pageviews: Number(p.pageviews) })),
  };
}

describe("counting page views", () => {
  for (const pageCache of [false, true]) {
    it(`counts each page view once and each visitor once a day ${pageCache ? "with" : "without"} the page cache`, async () => {
      await start({ pageCache });
      const first = await visit("/?utm_source=Newsletter&utm_medium=email&utm_campaign=Spring", { ua: PHONE });
      expect(first.status).toBe(200);
      await visit("/", { ua: PHONE });
      const third = await visit("/", { ua: PHONE });
      await visit("/service/pools", { ua: PHONE, headers: { referer: `${origin}/` } });
      await visit("/project/villa", { ip: "203.0.113.9", headers: { referer: "https://www.facebook.com/some/post?id=1" } });
      // With the cache, the views of "/" after the first (whose campaign tags the page does not read) are served from
      // memory without a render, and still counted.
      expect(third.headers.get("x-page-cache")).toBe(pageCache ? "hit" : null);
      expect(renders).toBe(pageCache ? 3 : 5);

      const { visitors, pages } = await stored();
      const today = dayOf(new Date());
      expect(pages).toEqual([
        { day: today, path: "/", pageviews: 3 },
        { day: today, path: "/project/villa", pageviews: 1 },
        { day: today, path: "/service/pools", pageviews: 1 },
      ]);
      expect(visitors).toHaveLength(2);
      const phone = visitors.find((v) => v.device === "phone");
      const desktop = visitors.find((v) => v.device === "desktop");
      expect(phone).toMatchObject({ day: today, landing_path: "/", source: "newsletter", utm_medium: "email", utm_campaign: "spring", browser: "Safari", pageviews: 4 });
      expect(desktop).toMatchObject({ day: today, landing_path: "/project/villa", source: "facebook.com", utm_campaign: null, browser: "Chrome", pageviews: 1 });
    });
  }

  it("does not count bots, HEAD, prefetches, iframes, errors, admin pages or signed-in staff", async () => {
    await start({ pageCache: true });
    await visit("/", { ua: GOOGLEBOT });
    await visit("/", { ua: "curl/8.5.0" });
    await visit("/", { method: "HEAD" });
    await visit("/", { headers: { "sec-purpose": "prefetch;prerender" } });
    await visit("/", { headers: { purpose: "prefetch" } });
    await visit("/", { headers: { "sec-fetch-dest": "iframe" } });
    await visit("/service/missing");
    await visit("/admin/dashboard");
    await visit("/assets/app.js");
    await visit("/", { headers: { cookie: "better-auth.session_token=abc" } });
    expect(await stored()).toEqual({ visitors: [], pages: [] });

    await visit("/", { headers: { "sec-fetch-dest": "document" } });
    expect((await stored()).pages).toEqual([{ day: dayOf(new Date()), path: "/", pageviews: 1 }]);
  });

  it("stores a campaign name with control characters without them, and the counts after it still arrive", async () => {
    await start({ pageCache: false });
    // Postgres refuses a NUL in text: kept, it would fail every later flush of this instance.
    await visit("/?utm_source=%00News%0A&utm_campaign=a%00b%7F", { ip: "192.0.2.10" });
    await visit("/projects", { ip: "192.0.2.11" });
    const { visitors, pages } = await stored();
    expect(visitors.map((v) => [v.landing_path, v.source, v.utm_campaign])).toEqual(
      expect.arrayContaining([
        ["/", "news", "ab"],
        ["/projects", "(direct)", null],
      ]),
    );
    expect(pages.map((p) => [p.path, p.pageviews])).toEqual([
      ["/", 1],
      ["/projects", 1],
    ]);
  });

  it("stores no IP address, user agent or query string: the test reads every stored row", async () => {
    await start({ pageCache: false });
    await visit("/service/pools?email=someone@example.com&utm_source=ads", { ip: "192.0.2.123", ua: PHONE });
    await stored();
    const everything = JSON.stringify(
      await Promise.all(
        ["insight_visitors", "insight_pages", "insight_salts", "insight_conversions", "insight_daily"].map((t) =>
          db()
            .selectFrom(t as "insight_pages")
            .selectAll()
            .execute(),
        ),
      ),
    );
    expect(everything).toContain("/service/pools");
    for (const secret of ["192.0.2.123", "192.0.2", PHONE, "iPhone OS", "Mozilla", "someone@example.com"]) expect(everything).not.toContain(secret);
  });
});

describe("the visitor hash and the daily salt", () => {
  it("gives the same visitor another hash the next day and deletes the old day's salt", async () => {
    let now = new Date("2026-11-24T18:00:00Z"); // 23:00 in the Maldives
    const counter = createInsightCounter({ now: () => now });
    const facts = { url: "/", userAgent: DESKTOP, ip: "198.51.100.7" };
    await counter.count(facts);
    await counter.count(facts);
    await counter.flush();
    now = new Date("2026-11-24T19:30:00Z"); // 00:30 the next day there
    await counter.count(facts);
    await counter.flush();
    await counter.stop();

    const rows = await db().selectFrom("insight_visitors").select(["day", "visitor", "pageviews"]).orderBy("day").execute();
    expect(rows.map((r) => [r.day, Number(r.pageviews)])).toEqual([
      ["2026-11-24", 2],
      ["2026-11-25", 1],
    ]);
    expect(rows[0].visitor).not.toBe(rows[1].visitor);
    expect(rows[0].visitor).toMatch(/^[\w-]{22}$/);
    const salts = await db().selectFrom("insight_salts").select("day").execute();
    expect(salts).toEqual([{ day: "2026-11-25" }]);
  });

  it("adds up counts from several instances sharing one database and one salt", async () => {
    const other = database.current().reopen();
    const a = createInsightCounter();
    const b = createInsightCounter();
    const facts = { url: "/project/villa", userAgent: DESKTOP, ip: "198.51.100.7" };
    await a.count(facts);
    await a.count({ ...facts, ip: "198.51.100.8" });
    setDatabase(other);
    try {
      await b.count(facts);
      await b.count(facts);
      await b.flush();
    } finally {
      setDatabase(database.current());
      await other.close();
    }
    await a.flush();
    const { visitors, pages } = await stored();
    expect(pages.map((p) => [p.path, p.pageviews])).toEqual([["/project/villa", 4]]);
    expect(visitors.map((v) => v.pageviews).sort()).toEqual([1, 3]);
    expect(await db().selectFrom("insight_salts").selectAll().execute()).toHaveLength(1);
  });

  it("holds a bounded number of keys in memory and drops what does not fit", async () => {
    const counter = createInsightCounter({ maxKeys: 10, flushMs: 60_000 });
    // 200 visitors on 200 pages arrive at once, faster than a flush: the buffer stops at its cap.
    await Promise.all(Array.from({ length: 200 }, (_, i) => counter.count({ url: `/project/p${i}`, userAgent: DESKTOP, ip: `198.51.100.${i}` })));
    expect(counter.bufferedKeys).toBeLessThanOrEqual(10);
    expect(counter.dropped).toBeGreaterThanOrEqual(190);
    await counter.stop();
    expect(counter.bufferedKeys).toBe(0);
    const { visitors, pages } = await stored();
    expect(visitors.length + pages.length).toBeLessThanOrEqual(10);
    expect(visitors.length).toBeGreaterThan(0);
  });
});

describe("conversion and the Insight report", () => {
  it("records a genuine enquiry with the landing page and source of the visitor who sent it, and spam not at all", async () => {
    await start({ pageCache: true });
    await visit("/project/villa?utm_source=Google&utm_campaign=villas", { ip: "203.0.113.50", ua: PHONE });
    await visit("/", { ip: "203.0.113.50", ua: PHONE, headers: { referer: `${origin}/project/villa` } });
    const post = (ip: string, fields: Record<string, string> = {}) =>
      submitEnquiry(
        new Request("http://localhost:3000/", { method: "POST", headers: { "x-client-ip": ip, "user-agent": PHONE } }),
        formDataOf(enquiryFields(fields)),
        "/",
      );
    // The visit may still be in this instance's memory: the enquiry finds it there.
    await new Promise((resolve) => setTimeout(resolve, 30));
    const genuine = await post("203.0.113.50");
    const spam = await post("203.0.113.60", { form_token: "" });
    expect(genuine.ok && !genuine.spam).toBe(true);
    expect(spam.ok && spam.spam).toBe(true);
    const rows = await db().selectFrom("insight_conversions").selectAll().execute();
    expect(rows).toEqual([
      { enquiry_id: genuine.ok ? genuine.enquiry.id : "", day: dayOf(new Date()), landing_path: "/project/villa", source: "google", utm_campaign: "villas" },
    ]);
  });

  it("an enquiry carries the campaign, source and landing page of the visit's first view, whatever came between", async () => {
    await start({ pageCache: true });
    const post = (ip: string, fields: Record<string, string> = {}) =>
      submitEnquiry(
        new Request("http://localhost:3000/", { method: "POST", headers: { "x-client-ip": ip, "user-agent": PHONE } }),
        formDataOf(enquiryFields(fields)),
        "/",
      );
    const ip = "203.0.113.70";
    await visit("/?utm_source=Facebook&utm_medium=social&utm_campaign=villas", { ip, ua: PHONE });
    // The entry is written; the visitor goes on to the portfolio, a project and back home (these wait in memory).
    await stored();
    for (const path of ["/projects", "/project/villa", "/"]) await visit(path, { ip, ua: PHONE, headers: { referer: `${origin}/projects` } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    // The form on the plain home page carries no campaign of its own.
    const sent = await post(ip);
    if (!sent.ok || sent.spam) throw new Error("the enquiry was not stored as genuine");
    expect(await getLead(sent.enquiry.id)).toMatchObject({ landing_page: "/", utm_source: "facebook", utm_medium: "social", utm_campaign: "villas" });
    expect(await db().selectFrom("insight_conversions").selectAll().where("enquiry_id", "=", sent.enquiry.id).execute()).toEqual([
      { enquiry_id: sent.enquiry.id, day: dayOf(new Date()), landing_path: "/", source: "facebook", utm_campaign: "villas" },
    ]);

    // A visit from a search engine, sent from a page whose fields say otherwise: the visit's referring site, no campaign.
    const other = "203.0.113.71";
    await visit("/project/villa", { ip: other, ua: PHONE, headers: { referer: "https://www.google.com/search?q=villa" } });
    await new Promise((resolve) => setTimeout(resolve, 30));
    const searched = await post(other, { utm_source: "stale", referrer: "https://example.org/" });
    if (!searched.ok) throw new Error("the enquiry was not stored");
    expect(await getLead(searched.enquiry.id)).toMatchObject({ landing_page: "/project/villa", referrer: "google.com", utm_source: null, utm_campaign: null });

    // A visitor not counted today (Insight knows nothing): the form's own fields, and no landing page.
    const unknown = await post("203.0.113.72", { utm_source: "flyer", referrer: "https://example.org/" });
    if (!unknown.ok) throw new Error("the enquiry was not stored");
    expect(await getLead(unknown.enquiry.id)).toMatchObject({ landing_page: null, referrer: "example.org", utm_source: "flyer" });
  });

  it("counts genuine enquiries per day, per landing page and per source, and the admin page shows them", async () => {
    await start({ pageCache: false });
    const service = await createService(serviceInput({ title: "Swimming Pools", is_active: "on" }), null);
    await visit(`/service/${service.id}?utm_source=google&utm_campaign=pools`, { ip: "203.0.113.50", ua: PHONE });
    await visit("/", { ip: "203.0.113.50", ua: PHONE });
    await visit("/", { ip: "203.0.113.51", headers: { referer: "https://instagram.com/" } });
    await visit("/", { ip: "203.0.113.52" });
    await visit("/", { ip: "203.0.113.53" });

    const counter = insightCounter();
    const enquire = async (ip: string, ua: string) => {
      const enquiry = await createEnquiry({
        name: "Aishath",
        email: "a@example.mv",
        phone: null,
        subject: "Pool",
        message: "Hello",
        source_page: "/",
        ip: null,
        user_agent: null,
        spam_reason: null,
        notify: false,
      });
      await counter.recordEnquiry(enquiry.id, { ip, userAgent: ua });
    };
    // Still in memory, then after a flush.
    await new Promise((resolve) => setTimeout(resolve, 30));
    await enquire("203.0.113.50", PHONE);
    await counter.flush();
    await enquire("203.0.113.51", DESKTOP);

    const today = dayOf(new Date());
    const report = await getInsightReport(addDays(today, -1), today, [addDays(today, -1), today]);
    expect(report.days).toEqual([
      { day: addDays(today, -1), visitors: 0, pageviews: 0, enquiries: 0, converted: 0 },
      { day: today, visitors: 4, pageviews: 5, enquiries: 2, converted: 2 },
    ]);
    expect(report.totals).toEqual({ visitors: 4, pageviews: 5, enquiries: 2, rate: 0.5 });
    expect(report.sources).toEqual([
      { key: "(direct)", label: "(direct)", count: 2, enquiries: 0, rate: 0 },
      { key: "google", label: "google", count: 1, enquiries: 1, rate: 1 },
      { key: "instagram.com", label: "instagram.com", count: 1, enquiries: 1, rate: 1 },
    ]);
    // Pages by what they show, linked to the public page (not `/service/<uuid>`).
    expect(report.landingPages).toEqual([
      { key: "/", label: "Home page", href: "/", count: 3, enquiries: 1, rate: 1 / 3 },
      { key: `/service/${service.id}`, label: "Swimming Pools", href: `/service/${service.id}`, count: 1, enquiries: 1, rate: 1 },
    ]);
    expect(report.topServices).toEqual([{ key: `/service/${service.id}`, label: "Swimming Pools", href: `/service/${service.id}`, count: 1 }]);
    expect(report.campaigns).toEqual([{ key: "pools", label: "pools", count: 1 }]);
    expect(report.devices).toEqual([
      { key: "desktop", label: "desktop", count: 3 },
      { key: "phone", label: "phone", count: 1 },
    ]);

    const { cookie } = await adminSession();
    const page = await call<{ period: number; report: typeof report }>(loader, getRequest("/admin/insight?days=90", cookie));
    expect(page.status).toBe(200);
    expect(page.data.period).toBe(90);
    expect(page.data.report.days).toHaveLength(90);
    expect(page.data.report.totals).toEqual(report.totals);
    // An unknown period reads as 30 days.
    const odd = await call<{ period: number }>(loader, getRequest("/admin/insight?days=9999", cookie));
    expect(odd.data.period).toBe(30);
  });

  it("never shows a rate above 100%: a visitor who writes twice is one conversion, an enquiry whose visit was not counted none", async () => {
    await start({ pageCache: false });
    await visit("/", { ip: "203.0.113.60" });
    const counter = insightCounter();
    await counter.flush();
    const enquire = async (ip: string) => {
      const enquiry = await createEnquiry({ name: "A", email: "a@example.mv", phone: null, subject: "S", message: "M", source_page: "/", ip: null, user_agent: null, spam_reason: null, notify: false });
      await counter.recordEnquiry(enquiry.id, { ip, userAgent: DESKTOP });
    };
    await enquire("203.0.113.60");
    await enquire("203.0.113.60");
    // A visitor the counter never saw (a bot's page view, another network): the enquiry counts, the rate does not move.
    await enquire("203.0.113.61");
    const today = dayOf(new Date());
    const report = await getInsightReport(today, today, [today]);
    expect(report.totals.enquiries).toBe(3);
    expect(report.totals.rate).toBe(1);
    expect(report.sources).toEqual([{ key: "(direct)", label: "(direct)", count: 1, enquiries: 2, rate: 1 }]);
    expect(report.landingPages[0].rate).toBe(1);
  });

  it("names a deleted project's page as such, without a link", async () => {
    const today = dayOf(new Date());
    await db().insertInto("insight_pages").values({ day: today, path: "/project/gone-1234", pageviews: 3 }).execute();
    const report = await getInsightReport(today, today, [today]);
    expect(report.topPages).toEqual([{ key: "/project/gone-1234", label: "Deleted project", href: null, count: 3 }]);
    expect(report.topProjects).toEqual([{ key: "/project/gone-1234", label: "Deleted project", href: null, count: 3 }]);
  });

  it("reads ended days from their daily roll-ups and gives the same report as the detail", async () => {
    const today = dayOf(new Date());
    const rows = [];
    for (let back = 0; back <= 5; back++) {
      for (let v = 0; v < 4 + back; v++) {
        rows.push({
          day: addDays(today, -back), visitor: `v${back}-${v}`, landing_path: v % 2 ? "/" : "/projects", source: v % 3 ? "google.com" : "(direct)",
          utm_medium: null, utm_campaign: v === 0 ? "spring" : null, device: v % 2 ? "phone" : "desktop", browser: "Chrome", pageviews: 1 + v,
        });
      }
    }
    await db().insertInto("insight_visitors").values(rows).execute();
    const days = Array.from({ length: 7 }, (_, i) => addDays(today, i - 6));
    const before = await getInsightReport(days[0], today, days);
    expect(await rollUpEndedDays(addDays(today, -2))).toBe(true);
    // The rolled days' detail is no longer read: removing it changes nothing.
    await db().deleteFrom("insight_visitors").where("day", "<=", addDays(today, -2)).execute();
    const after = await getInsightReport(days[0], today, days);
    expect(after).toEqual(before);
    expect(after.totals.visitors).toBe(rows.length);
    expect(await rollUpEndedDays(addDays(today, -2))).toBe(false);
  });

  it("rolls detail older than 24 months up to daily totals", async () => {
    const today = dayOf(new Date());
    const old = addDays(today, -800);
    const recent = addDays(today, -10);
    const visitor = (day: string, id: string, pageviews: number) => ({
      day,
      visitor: id,
      landing_path: "/",
      source: "(direct)",
      device: "desktop",
      browser: "Chrome",
      pageviews,
    });
    await db()
      .insertInto("insight_visitors")
      .values([visitor(old, "a", 3), visitor(old, "b", 1), visitor(recent, "c", 2)])
      .execute();
    await db()
      .insertInto("insight_pages")
      .values([
        { day: old, path: "/", pageviews: 4 },
        { day: recent, path: "/", pageviews: 2 },
      ])
      .execute();
    const counter = createInsightCounter();
    await counter.maintain();
    await counter.stop();

    expect(await db().selectFrom("insight_visitors").select("day").execute()).toEqual([{ day: recent }]);
    expect(await db().selectFrom("insight_pages").select("day").execute()).toEqual([{ day: recent }]);
    const daily = await db().selectFrom("insight_daily").selectAll().execute();
    expect(daily.map((d) => ({ ...d, visitors: Number(d.visitors), pageviews: Number(d.pageviews), enquiries: Number(d.enquiries) }))).toEqual([
      { day: old, visitors: 2, pageviews: 4, enquiries: 0 },
    ]);
    const report = await getInsightReport(old, today, [old]);
    expect(report.days).toEqual([{ day: old, visitors: 2, pageviews: 4, enquiries: 0, converted: 0 }]);
  });
});

describe("the weekly email report", () => {
  // A real SMTP server on loopback that keeps what it receives.
  const received: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, _session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => (raw += chunk.toString("utf8")));
      stream.on("end", () => {
        received.push(raw);
        callback();
      });
    },
  });
  let port = 0;
  beforeAll(async () => {
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    port = (smtp.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  });
  const config = () => ({
    transport: nodemailer.createTransport({ host: "127.0.0.1", port, secure: false, ignoreTLS: true }),
    to: "office@atoll.example",
    from: "website@atoll.example",
  });

  it("sends last week's summary once per week, on the first check of the new week, only when turned on", async () => {
    expect(mondayOf("2026-11-24")).toBe("2026-11-23");
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2026-11-29")).toBe("2026-11-23");
    const lastWeek = (n: number) => addDays("2026-11-16", n);
    await db()
      .insertInto("insight_visitors")
      .values([0, 1, 2].map((i) => ({ day: lastWeek(i), visitor: `v${i}`, landing_path: "/", source: "google", device: "phone", browser: "Safari", pageviews: 2 })))
      .execute();
    await db().insertInto("insight_pages").values({ day: lastWeek(0), path: "/", pageviews: 6 }).execute();

    expect(await sendWeeklyReportIfDue("2026-11-24", { enabled: false, config: config() })).toBe(false);
    expect(await sendWeeklyReportIfDue("2026-11-24", { enabled: true, config: null })).toBe(false);
    expect(await sendWeeklyReportIfDue("2026-11-24", { enabled: true, config: config(), siteUrl: "https://atoll.example" })).toBe(true);
    await expect.poll(() => received.length).toBe(1);
    expect(received[0]).toMatch(/^Subject: Website this week: 3 visitors, 0 enquiries/m);
    expect(received[0]).toContain("2026-11-16 to 2026-11-22");
    expect(received[0]).toMatch(/Page views: +6/);
    expect(received[0]).toContain("https://atoll.example/admin/insight");
    // Again the same week, from this or another instance: nothing more.
    expect(await sendWeeklyReportIfDue("2026-11-27", { enabled: true, config: config() })).toBe(false);
    // The next week: sent again.
    expect(await sendWeeklyReportIfDue("2026-11-30", { enabled: true, config: config() })).toBe(true);
    await expect.poll(() => received.length).toBe(2);
  });
});
