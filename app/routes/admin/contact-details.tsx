import type { Route } from "./+types/contact-details";
import { requireAdmin } from "~/.server/access";

// Placeholder from the Foundation issue; the Admin panel issue builds this screen.
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function ContactDetailsPage() {
  return (
    <main className="p-6">
      <title>Contact Details | Admin</title>
      <h1 className="text-2xl font-semibold">Contact Details</h1>
    </main>
  );
}
