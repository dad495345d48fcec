import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin, TWO_FACTOR_SETUP_PATH } from "~/.server/access";
import { AdminShell } from "~/components/admin/admin-shell";
import { readSidebarCollapsed } from "~/components/admin/admin-nav";

// The gate for every admin page (each nested loader and action still calls requireAdmin itself).
export async function loader({ request }: Route.LoaderArgs) {
  // The two-factor set-up page is the one page an admin may see before setting it up when it is required.
  const user = await requireAdmin(request, { allowWithoutTwoFactor: new URL(request.url).pathname === TWO_FACTOR_SETUP_PATH });
  return {
    user: {
      id: user.id,
      email: user.profile?.email || user.email || null,
      fullName: user.profile?.full_name ?? null,
      avatarUrl: user.profile?.avatar_url ?? null,
    },
    sidebarCollapsed: readSidebarCollapsed(request.headers.get("Cookie")),
  };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminShell user={loaderData.user} initialCollapsed={loaderData.sidebarCollapsed}>
      <Outlet />
    </AdminShell>
  );
}

// Admin pages are never indexed: the meta tag (inherited by every page) and the header.
export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];

export const headers: Route.HeadersFunction = () => ({ "X-Robots-Tag": "noindex, nofollow", "Cache-Control": "private, no-store" });
