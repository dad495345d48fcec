import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteEnquiryWithFiles, setAttachmentStorage } from "~/.server/enquiries/attachments";
import { listEnquiries } from "~/.server/models/enquiries";
import { listLeadAttachments } from "~/.server/models/lead-attachments";
import { DiskStorage, setStorage } from "~/.server/storage";
import { action as inboxAction } from "~/routes/admin/enquiries";
import { loader as attachmentLoader } from "~/routes/admin/enquiry-attachment";
import { action as homeAction } from "~/routes/public/home";
import { action as apiAction } from "~/routes/api/enquiries";
import { ATTACHMENT_UNSUPPORTED } from "~/validation/constants";
import { enquiryFields } from "../factories";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, getRequest, memberSession, postRequest } from "./admin-support";

useTestDatabase();

// Files sent with the contact form (docs/product.md#leads): limits while streaming, type by content, images
// re-encoded without metadata, private storage, admin-only download, removed with the lead.

let privateDir: string;
let publicDir: string;
beforeEach(() => {
  privateDir = fs.mkdtempSync(path.join(os.tmpdir(), "attachments-"));
  publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "uploads-"));
  setAttachmentStorage(new DiskStorage(privateDir));
  setStorage(new DiskStorage(publicDir));
});
afterEach(() => {
  setAttachmentStorage(undefined);
  setStorage(undefined);
  fs.rmSync(privateDir, { recursive: true, force: true });
  fs.rmSync(publicDir, { recursive: true, force: true });
});

const filesIn = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .filter((f) => fs.statSync(path.join(dir, f)).isFile());

let ipSeq = 0;
function multipart(
  fields: Record<string, string>,
  files: Array<{ name: string; data: Buffer; type: string }>,
  url = "http://localhost:3000/api/enquiries",
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  for (const f of files) body.append("attachments", new Blob([new Uint8Array(f.data)], { type: f.type }), f.name);
  return new Request(url, { method: "POST", body, headers: { "x-client-ip": `203.0.113.${++ipSeq}`, origin: "http://localhost:3000" } });
}

async function post(request: Request) {
  const response = (await apiAction({ request, params: {}, context: {} } as never)) as Response;
  return {
    status: response.status,
    body: (await response.json()) as { ok: boolean; message?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> },
  };
}

/** A photo with EXIF and GPS, as a phone takes it. */
async function photo() {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: "#3366aa" } })
    .jpeg()
    .withExif({ IFD0: { Make: "PhoneMaker", Model: "X1" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "4/1 10/1 0/1" } })
    .toBuffer();
}
const pdf = () => Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n" + " ".repeat(300));
const MB = 1024 * 1024;
/** Bytes that begin like a PDF, so only the size can be refused. */
const bigPdf = (bytes: number) => Buffer.concat([pdf(), Buffer.alloc(bytes - pdf().length, 0x20)]);

describe("attachments on the contact form", () => {
  it("stores images re-encoded without metadata and PDFs as sent, privately, with the enquiry", async () => {
    const original = await photo();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const answer = await post(
      multipart(enquiryFields(), [
        { name: "site photo.jpg", data: original, type: "image/jpeg" },
        { name: "../../plan.pdf", data: pdf(), type: "application/pdf" },
      ]),
    );
    expect(answer).toEqual({ status: 200, body: { ok: true } });
    const [enquiry] = await listEnquiries();
    const attachments = await listLeadAttachments(enquiry.id);
    expect(attachments.map((a) => [a.file_name, a.content_type]).sort()).toEqual([
      ["plan.pdf", "application/pdf"],
      ["site photo.jpg", "image/jpeg"],
    ]);
    const stored = filesIn(privateDir);
    expect(stored).toHaveLength(2);
    expect(filesIn(publicDir)).toEqual([]);
    const image = attachments.find((a) => a.content_type === "image/jpeg")!;
    const bytes = fs.readFileSync(path.join(privateDir, image.storage_key));
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from("PhoneMaker"))).toBe(false);
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it("refuses a file whose content is not what its name and type claim (415), keeps what was typed, stores nothing", async () => {
    const html = Buffer.from(`<html><script>alert(1)</script>${" ".repeat(400)}</html>`);
    const answer = await post(multipart(enquiryFields({ name: "Typed Name" }), [{ name: "photo.png", data: html, type: "image/png" }]));
    expect(answer.status).toBe(415);
    expect(answer.body).toMatchObject({
      ok: false,
      message: ATTACHMENT_UNSUPPORTED,
      fieldErrors: { attachments: ATTACHMENT_UNSUPPORTED },
      values: { name: "Typed Name" },
    });
    expect(await listEnquiries()).toEqual([]);
    expect(filesIn(privateDir)).toEqual([]);
  });

  it("refuses a file over 10 MB (413)", async () => {
    const answer = await post(multipart(enquiryFields(), [{ name: "huge.pdf", data: bigPdf(10 * MB + 1), type: "application/pdf" }]));
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe("huge.pdf: each file must be less than 10MB");
    expect(await listEnquiries()).toEqual([]);
  });

  it("refuses more than 5 files (400)", async () => {
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.pdf`, data: pdf(), type: "application/pdf" }));
    const answer = await post(multipart(enquiryFields(), six));
    expect(answer).toMatchObject({ status: 400, body: { message: "You can attach up to 5 files" } });
    expect(await listEnquiries()).toEqual([]);
  });

  it("refuses more than 25 MB in all (413), though each file is under 10 MB", async () => {
    const three = Array.from({ length: 3 }, (_, i) => ({ name: `p${i}.pdf`, data: bigPdf(9 * MB), type: "application/pdf" }));
    const answer = await post(multipart(enquiryFields(), three));
    expect(answer).toMatchObject({ status: 413, body: { message: "Attachments must be less than 25MB in all" } });
    expect(await listEnquiries()).toEqual([]);
    expect(filesIn(privateDir)).toEqual([]);
  });

  it("without JavaScript: the home page's action refuses a bad file and gives back what was typed", async () => {
    const request = multipart(
      enquiryFields({ message: "Typed details" }),
      [{ name: "x.pdf", data: Buffer.from("MZ not a pdf".padEnd(400)), type: "application/pdf" }],
      "http://localhost:3000/?index",
    );
    const answer = await call<{ ok: boolean; values: Record<string, string> }>(homeAction, request);
    expect(answer.status).toBe(415);
    expect(answer.data).toMatchObject({ ok: false, values: { message: "Typed details" } });
  });

  it("spam keeps no files", async () => {
    const answer = await post(multipart(enquiryFields({ website: "bot" }), [{ name: "a.pdf", data: pdf(), type: "application/pdf" }]));
    expect(answer.status).toBe(200);
    const [spam] = await listEnquiries({ status: "spam" });
    expect(await listLeadAttachments(spam.id)).toEqual([]);
    expect(filesIn(privateDir)).toEqual([]);
  });

  it("records where the lead came from; odd values are dropped", async () => {
    await post(
      multipart(
        enquiryFields({
          source_page: "/service/abc-123",
          referrer: "https://www.google.com/search?q=builder+male",
          utm_campaign: "spring<script>",
          utm_source: "newsletter",
        }),
        [],
      ),
    );
    await post(multipart(enquiryFields({ name: "Odd", source_page: "https://evil.example/", referrer: "javascript:alert(1)" }), []));
    const rows = await listEnquiries();
    const { getLead } = await import("~/.server/models/leads");
    const first = await getLead(rows.find((r) => r.name !== "Odd")!.id);
    expect(first).toMatchObject({
      source_page: "/service/abc-123",
      referrer: "www.google.com",
      utm_campaign: "springscript",
      utm_source: "newsletter",
    });
    const odd = await getLead(rows.find((r) => r.name === "Odd")!.id);
    expect(odd).toMatchObject({ source_page: "/", referrer: null });
  });
});

describe("downloading an attachment", () => {
  async function stored() {
    await post(multipart(enquiryFields(), [{ name: "plan.pdf", data: pdf(), type: "application/pdf" }]));
    const [enquiry] = await listEnquiries();
    const [attachment] = await listLeadAttachments(enquiry.id);
    return { enquiry, attachment, url: `/admin/enquiries/${enquiry.id}/attachments/${attachment.id}` };
  }
  const get = (url: string, params: Record<string, string>, cookie?: string) => call<string>(attachmentLoader, getRequest(url, cookie), params);

  it("an admin gets the file as a download", async () => {
    const { enquiry, attachment, url } = await stored();
    const { cookie } = await adminSession();
    const answer = await get(url, { id: enquiry.id, attachmentId: attachment.id }, cookie);
    expect(answer.status).toBe(200);
    expect(answer.headers?.get("content-type")).toBe("application/pdf");
    expect(answer.headers?.get("content-disposition")).toBe('attachment; filename="plan.pdf"');
    expect(answer.headers?.get("cache-control")).toBe("private, no-store");
    expect(String(answer.data)).toContain("%PDF-1.4");
  });

  it("anonymous visitors and non-admins are refused", async () => {
    const { enquiry, attachment, url } = await stored();
    const anonymous = await get(url, { id: enquiry.id, attachmentId: attachment.id });
    expect(anonymous.status).toBe(302);
    expect(anonymous.location).toMatch(/^\/admin\/login/);
    const { cookie } = await memberSession();
    const member = await get(url, { id: enquiry.id, attachmentId: attachment.id }, cookie);
    expect(member.status).toBe(302);
    expect(String(member.data ?? "")).not.toContain("%PDF");
  });

  it("other paths find nothing: another enquiry's id, a made-up id, a path", async () => {
    const { enquiry, attachment } = await stored();
    await post(multipart(enquiryFields({ name: "Second" }), []));
    const other = (await listEnquiries()).find((e) => e.id !== enquiry.id)!;
    const { cookie } = await adminSession();
    for (const params of [
      { id: other.id, attachmentId: attachment.id },
      { id: enquiry.id, attachmentId: "00000000-0000-0000-0000-000000000000" },
      { id: enquiry.id, attachmentId: `../${attachment.storage_key}` },
      { id: "..", attachmentId: attachment.storage_key },
    ]) {
      expect((await get("/admin/enquiries/x/attachments/y", params, cookie)).status, JSON.stringify(params)).toBe(404);
    }
  });

  it("deleting the lead deletes its files", async () => {
    const { enquiry } = await stored();
    expect(filesIn(privateDir)).toHaveLength(1);
    expect(await deleteEnquiryWithFiles(enquiry.id)).toBe(true);
    expect(filesIn(privateDir)).toEqual([]);
    expect(await listLeadAttachments(enquiry.id)).toEqual([]);
  });

  it("deleting leads in bulk from the inbox deletes their files too", async () => {
    const { enquiry } = await stored();
    const { cookie } = await adminSession();
    const answer = await call(inboxAction, postRequest("/admin/enquiries", { intent: "bulk-delete", ids: [enquiry.id] }, cookie));
    expect(answer).toMatchObject({ status: 200, data: { ok: true, message: "1 enquiry deleted" } });
    expect(filesIn(privateDir)).toEqual([]);
    expect(await listLeadAttachments(enquiry.id)).toEqual([]);
  });
});

describe("'Get Quote' fills the form", () => {
  it("a service's or project's call to action names it in Project Type and as the source; UTM is kept", async () => {
    const { createService } = await import("~/.server/models/services");
    const { createProject } = await import("~/.server/models/projects");
    const { serviceInput, projectInput } = await import("../factories");
    const { contactPrefill } = await import("~/.server/enquiries/enquiries");
    const service = await createService(serviceInput({ title: "Roof Repair" }), null);
    const project = await createProject(projectInput({ title: "Villa in Maafushi" }), null);
    const hidden = await createService(serviceInput({ title: "Hidden", is_active: "" }), null);
    expect(await contactPrefill(new URLSearchParams(`service=${service.id}&utm_campaign=rainy-season`))).toEqual({
      subject: "Roof Repair",
      source_page: `/service/${service.id}`,
      utm_campaign: "rainy-season",
      utm_source: null,
      utm_medium: null,
    });
    expect(await contactPrefill(new URLSearchParams(`project=${project.id}`))).toMatchObject({
      subject: "Similar to: Villa in Maafushi",
      source_page: `/project/${project.id}`,
    });
    expect(await contactPrefill(new URLSearchParams(`service=${hidden.id}`))).toBeNull();
    expect(await contactPrefill(new URLSearchParams("service=../../etc"))).toBeNull();
  });
});
