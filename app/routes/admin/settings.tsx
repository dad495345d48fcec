import type { Route } from "./+types/settings";
import { requireAdmin } from "~/.server/access";

// Placeholder from the Foundation issue; the Admin panel issue builds this screen.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function SettingsPage() {
  return (
    <main className="p-6">
      <title>Settings | Admin</title>
      <h1 className="text-2xl font-semibold">Settings</h1>
    </main>
  );
}
