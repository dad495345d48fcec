import { TriangleAlert } from "lucide-react";
import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin, TWO_FACTOR_SETUP_PATH } from "~/.server/auth/access";
import { publishedCompanyName } from "~/.server/models/site-chrome";
import { AdminShell } from "~/components/admin/admin-shell";
import { readSidebarCollapsed } from "~/components/admin/admin-nav";
import { ROLE_LABELS, ROLE_PERMISSIONS, type RoutePermissions } from "~/lib/permissions";
import { bucketAvifWidths, setBucketAvifWidths } from "~/lib/images";

/** The gate for every admin page: any staff role (each nested loader and action still asks requirePermission itself). */
export const permissions = { loader: "dashboard.view" } satisfies RoutePermissions;

export async function loader({ request }: Route.LoaderArgs) {
  // The two-factor set-up page is the one page an admin may see before setting it up when it is required.
  const user = await requireAdmin(request, { allowWithoutTwoFactor: new URL(request.url).pathname === TWO_FACTOR_SETUP_PATH });
  return {
    companyName: await publishedCompanyName(),
    user: {
      id: user.id,
      email: user.profile?.email || user.email || null,
      fullName: user.profile?.full_name ?? null,
      avatarUrl: user.profile?.avatar_url ?? null,
      // requireAdmin let only a staff role through.
      roleLabel: ROLE_LABELS[user.role!],
      permissions: ROLE_PERMISSIONS[user.role!],
    },
    sidebarCollapsed: readSidebarCollapsed(request.headers.get("Cookie")),
    bucketAvifWidths: bucketAvifWidths(),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  // The browser renders the admin's images too: it names an upload's 480 and 800 px AVIF when the server does, set
  // before any page below renders (docs/decisions/0043-avif-480-marker-for-s3-public-url.md).
  setBucketAvifWidths(loaderData.bucketAvifWidths);
  return (
    <AdminShell user={loaderData.user} companyName={loaderData.companyName} initialCollapsed={loaderData.sidebarCollapsed}>
      <Outlet />
    </AdminShell>
  );
}

// Admin pages are never indexed: the meta tag (inherited by every page) and the header.
export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });

/**
 * A failing admin page keeps the admin shell (sidebar, sign-out) around its error, so the admin can go elsewhere;
 * only when the layout's own loader failed is there no shell to keep.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // A page outside the member's role (docs/decisions/0076-staff-roles-design.md): say so and name the role, not a sign-in form.
  const role = layout?.user.roleLabel;
  const message =
    status === 404
      ? "This page does not exist."
      : status === 401 || status === 403
        ? `You don't have access to this page${role ? `: it is not part of the ${role} role` : ""}.`
        : "Something went wrong on our side. Please try again in a moment.";
  const title = status === 404 ? "Not found" : status === 401 || status === 403 ? "No access" : "Error";
  const panel = (
    <div role="alert" className="flex flex-col items-center gap-3 rounded-xl border border-destructive/30 bg-destructive/5 px-6 py-12 text-center">
      <title>{`${title} | Admin`}</title>
      <TriangleAlert aria-hidden="true" className="size-6 text-destructive" />
      <p className="font-medium text-destructive">{message}</p>
      <a href="/admin/dashboard" className="text-sm underline underline-offset-4">
        Go to the dashboard
      </a>
    </div>
  );
  if (!layout) return <main className="mx-auto max-w-xl p-8">{panel}</main>;
  return (
    <AdminShell user={layout.user} companyName={layout.companyName} initialCollapsed={layout.sidebarCollapsed}>
      {panel}
    </AdminShell>
  );
}
