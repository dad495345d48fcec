import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/.server/auth/access";

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return redirect("/admin/dashboard");
}
