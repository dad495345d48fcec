import type { Route } from "./+types/projects";
import { requireAdmin } from "~/.server/access";

// Placeholder from the Foundation issue; the Admin panel issue builds this screen.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function ProjectsPage() {
  return (
    <main className="p-6">
      <title>Projects | Admin</title>
      <h1 className="text-2xl font-semibold">Projects</h1>
    </main>
  );
}
