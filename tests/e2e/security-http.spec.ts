import { DEMO_URL, expect, test } from "./fixtures";

test.describe("HTTP hardening", () => {
  test("every page carries the security headers and a CSP nonce that matches its scripts", async ({ request }) => {
    const response = await request.get(`${DEMO_URL}/`);
    const headers = response.headers();
    expect(headers["x-powered-by"]).toBeUndefined();
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
    const csp = headers["content-security-policy"];
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    const html = await response.text();
    // JSON-LD blocks are data, never executed: they need no nonce. Everything else does.
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]).filter((tag) => !tag.includes('type="application/ld+json"'));
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    // A new nonce on every response.
    const again = (await request.get(`${DEMO_URL}/`)).headers()["content-security-policy"];
    expect(again).not.toBe(csp);
  });

  test("dotfiles and the repository are not served", async ({ request }) => {
    for (const path of ["/.env", "/.git/config", "/.auth-secret", "/site.db", "/../package.json", "/uploads/../site.db"]) {
      const response = await request.get(`${DEMO_URL}${path}`);
      expect(response.status(), path).toBe(404);
    }
  });

  test("cross-site writes are refused on actions and resource routes alike", async ({ request }) => {
    for (const path of ["/admin/login", "/admin/logout", "/api/uploads", "/api/auth/sign-in/email", "/admin/services"]) {
      const response = await request.post(`${DEMO_URL}${path}`, {
        headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
        data: "email=a%40b.mv&password=xxxxxxx",
      });
      expect(response.status(), path).toBe(403);
    }
    const fetchMeta = await request.post(`${DEMO_URL}/admin/logout`, { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(fetchMeta.status()).toBe(403);
  });

  test("errors show no stack traces, SQL or secrets", async ({ request }) => {
    for (const path of ["/service/%E0%A4%A", "/project/'%20OR%201=1--", "/service/" + "x".repeat(5000)]) {
      const response = await request.get(`${DEMO_URL}${path}`);
      expect(response.status(), path).toBeLessThan(500);
      const body = await response.text();
      expect(body).not.toMatch(/at \w+ \(|node_modules|SQLITE|syntax error|AUTH_SECRET/);
    }
  });
});
