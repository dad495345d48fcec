import { describe, expect, it } from "vitest";
import { action as authAction, loader as authLoader } from "~/routes/api/auth";
import { auth, CLIENT_IP_HEADER } from "~/.server/auth/auth";
import { drainErrorLogs } from "~/.server/logger";
import { createContactDetail, listPublicContactDetails } from "~/.server/models/contact-details";
import { createProject, getPublicProject } from "~/.server/models/projects";
import { createService, getActiveService } from "~/.server/models/services";
import { getPublicSettings, updateSetting } from "~/.server/models/settings";
import { ContactDetailSchema } from "~/validation/contact-detail";
import { EnquirySchema } from "~/validation/enquiry";
import { ProjectSchema } from "~/validation/project";
import { ServiceSchema } from "~/validation/service";
import { SettingUpdateSchema } from "~/validation/settings";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

// docs/security.md#input-no-500-for-anything-typed-or-uploaded: every text and URL field takes hostile input without an error the user cannot act on.
export const HOSTILE = {
  xss: `<script>alert("x")</script><img src=x onerror=alert(1)>`,
  sql: `'; DROP TABLE services; --`,
  nul: "before\u0000after",
  loneSurrogate: "broken \uD800 text",
  rtl: "invoice\u202Egpj.exe",
  emoji: "Villa 🏝️👷‍♀️🏗️",
  huge: "x".repeat(1024 * 1024),
};

describe("hostile input through the shared schemas and the models", () => {
  it("stores XSS, SQL, RTL and emoji as plain text and reads them back unchanged", async () => {
    for (const value of [HOSTILE.xss, HOSTILE.sql, HOSTILE.emoji, "ދިވެހި ރާއްޖެ"]) {
      const service = await createService(ServiceSchema.parse({ title: value, description: value, features: value, is_active: "on" }), null);
      expect((await getActiveService(service.id))?.title).toBe(value);
      const project = await createProject(ProjectSchema.parse({ title: value, challenges: value, tags: value, is_public: "on" }), null);
      expect((await getPublicProject(project.id))?.challenges).toBe(value);
    }
    // The SQL fragment did nothing.
    expect((await getActiveService((await createService(ServiceSchema.parse({ title: "still here", is_active: "on" }), null)).id))?.title).toBe("still here");
  });

  it("cleans NUL, lone surrogates and bidi overrides instead of failing", async () => {
    const service = await createService(
      ServiceSchema.parse({ title: HOSTILE.nul, overview: HOSTILE.loneSurrogate, short_description: HOSTILE.rtl, is_active: "on" }),
      null,
    );
    const read = await getActiveService(service.id);
    expect(read?.title).toBe("beforeafter");
    expect(read?.overview).toBe("broken \uFFFD text");
    expect(read?.short_description).toBe("invoicegpj.exe");
  });

  it("refuses 1 MB strings with a field error, for every form", () => {
    const cases: Array<[{ safeParse: (v: unknown) => { success: boolean } }, Record<string, unknown>]> = [
      [ServiceSchema, { title: HOSTILE.huge }],
      [ServiceSchema, { title: "ok", description: HOSTILE.huge }],
      [ProjectSchema, { title: "ok", testimonial: HOSTILE.huge }],
      [ProjectSchema, { title: "ok", tags: HOSTILE.huge }],
      [ContactDetailSchema, { type: "address", value: HOSTILE.huge }],
      [EnquirySchema, { name: "a", email: "a@b.mv", subject: "s", message: HOSTILE.huge }],
      [SettingUpdateSchema, { key: "header_logo_text", value: HOSTILE.huge }],
    ];
    for (const [schema, value] of cases) expect(schema.safeParse(value).success).toBe(false);
  });

  it("accepts only http(s) or site URLs where a URL is stored", async () => {
    for (const url of ["javascript:alert(1)", "data:text/html,<script>", "vbscript:x", "//evil.example/x.png", " javascript:alert(1)"]) {
      expect(ServiceSchema.safeParse({ title: "t", featured_image_url: url }).success, url).toBe(false);
      expect(ProjectSchema.safeParse({ title: "t", gallery_images: [url] }).success, url).toBe(false);
      expect(SettingUpdateSchema.safeParse({ key: "hero_background_url", value: url }).success, url).toBe(false);
      expect(ContactDetailSchema.safeParse({ type: "website", value: url }).success, url).toBe(false);
    }
    await updateSetting("header_logo_text", HOSTILE.xss.slice(0, 60));
    expect((await getPublicSettings()).header_logo_text).toBe(HOSTILE.xss.slice(0, 60));
    const contact = await createContactDetail(ContactDetailSchema.parse({ type: "address", value: HOSTILE.xss, is_public: "on" }));
    expect((await listPublicContactDetails()).map((c) => c.value)).toContain(contact.value);
    expect(contact.value).toBe(HOSTILE.xss);
  });
});

// docs/security.md "Faults and errors": error level is for what an operator must look at. Refused input, whoever sends it, is
// info or warn; tests/setup/error-logs.ts fails this test on any error-level line.
describe("hostile sign-in URLs", () => {
  const ORIGIN = "http://localhost:3000";
  const authRequest = (path: string, body?: unknown) =>
    new Request(`${ORIGIN}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: { origin: ORIGIN, "content-type": "application/json", [CLIENT_IP_HEADER]: "198.51.100.7" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("refuses a foreign or script callback URL without an error-level log line", async () => {
    for (const url of ["//evil.example", "javascript:alert(1)", "https://evil.example/x"]) {
      const responses = [
        await authAction({ request: authRequest("/api/auth/sign-up/email", { email: "x@example.com", password: "a long password 123", name: "X", callbackURL: url }) } as never),
        await authAction({ request: authRequest("/api/auth/request-password-reset", { email: "x@example.com", redirectTo: url }) } as never),
        await authAction({ request: authRequest("/api/auth/sign-out", { callbackURL: url }) } as never),
        await authLoader({ request: authRequest(`/api/auth/verify-email?token=x&callbackURL=${encodeURIComponent(url)}`) } as never),
      ];
      for (const response of responses) expect(response.status, url).toBe(403);
    }
  });

  it("logs better-auth's own refusals of a visitor's input at warn, its failures still at error", () => {
    const log = auth().options.logger?.log;
    log?.("error", "Invalid callbackURL: //evil.example");
    log?.("error", "Invalid origin: https://evil.example");
    expect(drainErrorLogs()).toEqual([]);
    log?.("error", "Failed to create session", new Error("disk full"));
    expect(drainErrorLogs()).toMatchObject([{ msg: "auth: Failed to create session", err: { message: "disk full" } }]);
  });
});
