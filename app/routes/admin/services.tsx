import type { Route } from "./+types/services";
import { requireAdmin } from "~/.server/access";

// Placeholder from the Foundation issue; the Admin panel issue builds this screen.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function ServicesPage() {
  return (
    <main className="p-6">
      <title>Services | Admin</title>
      <h1 className="text-2xl font-semibold">Services</h1>
    </main>
  );
}
