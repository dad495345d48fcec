import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/.server/access";
import { AdminShell } from "~/components/admin/admin-shell";
import { readSidebarCollapsed } from "~/components/admin/admin-nav";

// The gate for every admin page (each nested loader and action still calls requireAdmin itself).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
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
