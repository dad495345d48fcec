import crypto from "node:crypto";
import { DEMO_URL, expect, signIn, test } from "./fixtures";

test.describe("HTTP hardening", () => {
  test("every page carries the security headers and a CSP that allows exactly its own scripts", async ({ request }) => {
    for (const path of ["/", "/admin/login"]) {
      const response = await request.get(`${DEMO_URL}${path}`);
      const headers = response.headers();
      expect(headers["x-powered-by"]).toBeUndefined();
      expect(headers["x-content-type-options"]).toBe("nosniff");
      expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      const csp = headers["content-security-policy"];
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      const html = await response.text();
      // JSON-LD blocks are data, never executed: they need no nonce. Everything else does.
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !m[1].includes('type="application/ld+json"'));
      expect(scripts.length).toBeGreaterThan(0);
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      if (path === "/") {
        // A public page from the rendered-page cache is the same for everyone: no nonce, each inline script
        // allowed by its hash (docs/decisions/0031-per-page-css-and-brotli-page-cache.md).
        expect(headers["x-page-cache"]).toMatch(/^(hit|miss)$/);
        expect(nonce).toBeUndefined();
        for (const [, attributes, text] of scripts) {
          expect(attributes).not.toContain("nonce=");
          expect(csp).toContain(`'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`);
        }
      } else {
        expect(nonce).toBeTruthy();
        for (const [tag] of scripts) expect(tag).toContain(`nonce="${nonce}"`);
        // A new nonce on every response.
        const again = (await request.get(`${DEMO_URL}${path}`)).headers()["content-security-policy"];
        expect(again).not.toBe(csp);
      }
    }
  });

  test("COOP isolates the admin, the auth API and staff's visits, not a visitor's public page", async ({ request, page }) => {
    // docs/decisions/0060-coop-where-a-session-lives.md
    const coop = async (path: string, headers: Record<string, string> = {}) =>
      (await request.get(`${DEMO_URL}${path}`, { headers, maxRedirects: 0 })).headers()["cross-origin-opener-policy"];
    for (const path of ["/admin/login", "/admin/dashboard", "/admin/forgot-password", "/api/auth/get-session"]) {
      expect(await coop(path), path).toBe("same-origin");
    }
    for (const path of ["/", "/projects", "/no-such-page", "/favicon.svg"]) expect(await coop(path), path).toBeUndefined();
    // Any cookie may be a session (staff previewing a draft, a known-device cookie): isolated, though the page is public.
    expect(await coop("/", { cookie: "anything=1" })).toBe("same-origin");
    await signIn(page);
    const signedIn = await page.request.get(`${DEMO_URL}/`);
    expect(signedIn.status()).toBe(200);
    expect(signedIn.headers()["cross-origin-opener-policy"]).toBe("same-origin");
    // The other headers stay on every public page.
    const visitor = (await request.get(`${DEMO_URL}/`)).headers();
    expect(visitor["x-frame-options"]).toBe("DENY");
    expect(visitor["content-security-policy"]).toContain("frame-ancestors 'none'");
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
    for (const path of ["/service/%E0%A4%A", "/project/'%20OR%201=1--", "/service/" + "x".repeat(5000), "/assets/%E0%A4%A", "/uploads/%E0%A4%A"]) {
      const response = await request.get(`${DEMO_URL}${path}`);
      expect(response.status(), path).toBeLessThan(500);
      const body = await response.text();
      expect(body).not.toMatch(/at \w+ \(|node_modules|SQLITE|syntax error|AUTH_SECRET/);
    }
    // A static file's path that does not decode: the plain 400 every other static path gives, not the decoder's message.
    const asset = await request.get(`${DEMO_URL}/assets/%E0%A4%A`);
    expect(asset.status()).toBe(400);
    expect(await asset.text()).toBe("Bad Request");
  });
});
