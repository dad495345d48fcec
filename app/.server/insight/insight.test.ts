import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import { addDays, agentOf, browserOf, dayOf, describeView, deviceOf, isCountable, monthsBefore, referrerHost, visitorHash } from "./view-facts";

// The pure parts of visitor counting (docs/product.md#insight).

const UA = {
  iphone: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1",
  ipad: "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
  androidPhone: "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  androidTablet: "Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  samsung: "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
  edge: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
  firefox: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
  opera: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
  mac: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Safari/605.1.15",
};

describe("device class and browser family", () => {
  it.each([
    ["iphone", "phone", "Safari"],
    ["ipad", "tablet", "Safari"],
    ["androidPhone", "phone", "Chrome"],
    ["androidTablet", "tablet", "Chrome"],
    ["samsung", "phone", "Samsung Internet"],
    ["edge", "desktop", "Edge"],
    ["firefox", "desktop", "Firefox"],
    ["opera", "desktop", "Opera"],
    ["mac", "desktop", "Safari"],
  ] as const)("%s: %s, %s", (name, device, browser) => {
    expect(deviceOf(UA[name])).toBe(device);
    expect(browserOf(UA[name])).toBe(browser);
    // Asked twice: the second answer comes from the remembered user agents.
    for (let i = 0; i < 2; i++) expect(agentOf(UA[name])).toEqual({ bot: false, device, browser });
  });

  it("tells bots apart however often and whatever the length of the user agent", () => {
    const bot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
    for (let i = 0; i < 2; i++) expect(agentOf(bot).bot).toBe(true);
    // Too long to remember: classified each time, alike.
    const long = `${UA.iphone} ${"x".repeat(600)}`;
    for (let i = 0; i < 2; i++) expect(agentOf(long)).toEqual({ bot: false, device: "phone", browser: "Safari" });
    // More distinct user agents than are remembered: the first ones are still right when they come back.
    for (let i = 0; i < 1500; i++) agentOf(`${UA.firefox} build/${i}`);
    expect(agentOf(bot).bot).toBe(true);
    expect(agentOf(UA.edge)).toEqual({ bot: false, device: "desktop", browser: "Edge" });
  });
});

describe("where a visitor came from", () => {
  it("keeps only another site's host, without www.", () => {
    expect(referrerHost("https://www.google.com/search?q=pools", "atoll.example")).toBe("google.com");
    expect(referrerHost("https://atoll.example/service/x", "atoll.example")).toBeNull();
    expect(referrerHost("android-app://com.slack/", "atoll.example")).toBeNull();
    expect(referrerHost("not a url", "atoll.example")).toBeNull();
    expect(referrerHost(undefined, "atoll.example")).toBeNull();
    expect(referrerHost("http://atoll.example/", "atoll.example")).toBeNull();
    // Only the exact host is our own: a longer host or credentials before it are another site.
    expect(referrerHost("https://atoll.example.evil.com/", "atoll.example")).toBe("atoll.example.evil.com");
    expect(referrerHost("https://atoll.example@evil.com/", "atoll.example")).toBe("evil.com");
  });

  it("prefers utm_source, drops the query string from the path, and caps lengths", () => {
    const view = describeView({ url: `/?utm_source=News&utm_campaign=${"x".repeat(300)}&email=a@b.c`, referrer: "https://facebook.com/", host: "atoll.example", userAgent: UA.iphone });
    expect(view).toEqual({ path: "/", source: "news", utm_source: "news", utm_medium: null, utm_campaign: "x".repeat(100), device: "phone", browser: "Safari" });
    expect(describeView({ url: "/project/a", userAgent: UA.firefox }).source).toBe("(direct)");
    expect(describeView({ url: "/project/a", userAgent: UA.firefox }).path).toBe("/project/a");
    expect(describeView({ url: "/project/a#gallery", userAgent: UA.firefox }).path).toBe("/project/a");
    expect(describeView({ url: "/?utm_source=%00Ads%0A", userAgent: UA.firefox })).toMatchObject({ path: "/", source: "ads" });
  });
});

describe("days and hashes", () => {
  it("dates a moment in the Maldives and moves days and months", () => {
    expect(dayOf(new Date("2026-11-24T18:59:00Z"))).toBe("2026-11-24");
    expect(dayOf(new Date("2026-11-24T19:00:00Z"))).toBe("2026-11-25");
    // The same minute, then back across midnight, then far away: each asks anew.
    expect(dayOf(new Date("2026-11-24T19:00:59.999Z"))).toBe("2026-11-25");
    expect(dayOf(new Date("2026-11-24T18:59:59.999Z"))).toBe("2026-11-24");
    expect(dayOf(new Date("2027-01-01T00:00:00Z"))).toBe("2027-01-01");
    expect(() => dayOf(new Date(Number.NaN))).toThrow(RangeError);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
    expect(monthsBefore("2026-11-24", 24)).toBe("2024-11-24");
    expect(monthsBefore("2026-03-31", 1)).toBe("2026-02-28");
    expect(monthsBefore("2026-01-15", 13)).toBe("2024-12-15");
  });

  it("hashes the same visitor alike under one salt and differently under another", () => {
    const a = visitorHash("salt-1", "192.0.2.1", UA.firefox);
    expect(visitorHash("salt-1", "192.0.2.1", UA.firefox)).toBe(a);
    expect(visitorHash("salt-2", "192.0.2.1", UA.firefox)).not.toBe(a);
    expect(visitorHash("salt-1", "192.0.2.2", UA.firefox)).not.toBe(a);
    expect(a).not.toContain("192");
    // SHA-256 of salt, IP and user agent on lines of their own, as it always was: hashes made before an upgrade
    // on the same day still match.
    const chained = crypto.createHash("sha256").update("salt-1").update("\n").update("192.0.2.1").update("\n").update(UA.firefox).digest("base64url").slice(0, 22);
    expect(a).toBe(chained);
  });
});

describe("what counts as a page view", () => {
  const req = (path: string, headers: Record<string, string> = {}, method = "GET") => ({ method, path, headers: { "user-agent": UA.firefox, ...headers } });
  it("counts public pages from browsers only", () => {
    for (const path of ["/", "/projects", "/service/abc", "/project/abc-1"]) expect(isCountable(req(path)), path).toBe(true);
    for (const path of ["/admin", "/admin/insight", "/api/enquiries", "/sitemap.xml", "/service/a/b", "/assets/x.js", "/project/"]) {
      expect(isCountable(req(path)), path).toBe(false);
    }
    expect(isCountable(req("/", {}, "HEAD"))).toBe(false);
    expect(isCountable(req("/", {}, "POST"))).toBe(false);
    expect(isCountable(req("/", { "user-agent": "" }))).toBe(false);
    expect(isCountable(req("/", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1)" }))).toBe(false);
    expect(isCountable(req("/", { "sec-purpose": "prefetch" }))).toBe(false);
    expect(isCountable(req("/", { "sec-fetch-dest": "empty" }))).toBe(false);
    expect(isCountable(req("/", { cookie: "__Secure-better-auth.session_token=x" }))).toBe(false);
    expect(isCountable(req("/", { "sec-fetch-dest": "document", cookie: "admin_sidebar=collapsed" }))).toBe(true);
  });
});
