import { Form, Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { requireAdmin } from "~/.server/access";

// The gate for every admin page (each nested loader and action still calls requireAdmin itself).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireAdmin(request);
  return { user: { id: user.id, email: user.email, fullName: user.profile?.full_name ?? null, avatarUrl: user.profile?.avatar_url ?? null } };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <div className="min-h-screen">
      <header className="flex items-center justify-between border-b p-4">
        <span>Company Admin Panel</span>
        <span>{loaderData.user.fullName ?? "Admin User"}</span>
        <Form method="post" action="/admin/logout">
          <button type="submit">Sign Out</button>
        </Form>
      </header>
      <Outlet />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ name: "robots", content: "noindex, nofollow" }];
