import { describe, expect, it } from "vitest";
import { getEnquiry, listEnquiries } from "~/.server/models/enquiries";
import { action, loader } from "~/routes/api/enquiries";
import { enquiryFields, formDataOf } from "../factories";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

// POST /api/enquiries: what the public pages' script sends the contact form to (app/islands/site.ts).

let ipSeq = 0;
function request(body: BodyInit | null, headers: Record<string, string> = {}) {
  return new Request("http://localhost:3000/api/enquiries", {
    method: "POST",
    body,
    headers: { "x-client-ip": `198.51.100.${++ipSeq}`, "user-agent": "vitest", ...headers },
  });
}

const valid = enquiryFields({ name: "Hawwa Nasheed", email: "hawwa@example.mv", phone: "", subject: "Guest house", message: "Eight rooms on Thoddoo." });

const call = async (req: Request) => {
  const response = (await action({ request: req, params: {}, context: {} } as never)) as Response;
  return { status: response.status, cache: response.headers.get("Cache-Control"), body: (await response.json()) as Record<string, unknown> };
};

describe("POST /api/enquiries", () => {
  it("stores a valid enquiry and answers ok", async () => {
    expect(await call(request(formDataOf(valid)))).toEqual({ status: 200, cache: "no-store", body: { ok: true } });
    const [stored] = await listEnquiries({ q: "Hawwa Nasheed" });
    expect(stored).toMatchObject({ name: "Hawwa Nasheed", subject: "Guest house", source_page: "/", spam_reason: null });
    expect(await getEnquiry(stored.id)).not.toBeNull();
  });

  it("answers 400 with the field errors and what was typed, and stores nothing", async () => {
    const answer = await call(request(formDataOf({ ...valid, name: " ", email: "not-an-email" })));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      ok: false,
      message: "Please check the highlighted fields.",
      fieldErrors: { name: "Please enter your full name", email: expect.any(String) },
      values: { email: "not-an-email", message: "Eight rooms on Thoddoo." },
    });
    expect(await listEnquiries({ q: "Thoddoo" })).toEqual([]);
  });

  it("answers 400 to a body that is not a form, without a stack trace", async () => {
    const answer = await call(request("{not a form", { "content-type": "multipart/form-data; boundary=x" }));
    expect(answer).toMatchObject({ status: 400, body: { ok: false, message: expect.stringMatching(/could not be sent/) } });
  });

  it("refuses reads with 405", async () => {
    const response = loader();
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});
