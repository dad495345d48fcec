import { redirect } from "react-router";
import type { Route } from "./+types/index";
import { requirePermission } from "~/.server/auth/access";
import type { RoutePermissions } from "~/lib/permissions";

/** Who may open this (docs/product.md#access). */
export const permissions = { loader: "dashboard.view" } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  await requirePermission(request, permissions.loader);
  return redirect("/admin/dashboard");
}
