import { data } from "react-router";
import type { Route } from "./+types/uploads";
import { requireAdmin } from "~/.server/access";

// Placeholder from the Foundation issue; the Admin panel issue implements uploads.
export async function action({ request }: Route.ActionArgs) {
  await requireAdmin(request);
  return data({ error: "Uploads are not available yet" }, { status: 501 });
}
