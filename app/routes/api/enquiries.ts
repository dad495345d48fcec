import type { Route } from "./+types/enquiries";
import { handleEnquiryPost } from "~/.server/enquiries/enquiries";

// POST /api/enquiries: the contact form sent by app/islands/site.ts. The same checks and storage as
// the plain post to the home page (app/routes/public/home.tsx), answered as JSON:
// { ok: true } or { ok: false, message, fieldErrors, values } with 400/429/503.

const noStore = { "Cache-Control": "no-store" };
const methodNotAllowed = () =>
  Response.json({ ok: false, message: "Method not allowed" }, { status: 405, headers: { ...noStore, Allow: "POST" } });

/** Nothing to read here. */
export function loader() {
  return methodNotAllowed();
}

export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed();
  const { status, body } = await handleEnquiryPost(request, "/");
  return Response.json(body, { status, headers: noStore });
}
