import { data } from "react-router";
import type { Route } from "./+types/service";
import { getActiveService } from "~/.server/models/services";

// Placeholder from the Foundation issue; the Public site issue builds the full page.
export async function loader({ params }: Route.LoaderArgs) {
  const service = await getActiveService(params.id);
  if (!service) throw data(null, { status: 404 });
  return { service };
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  return <main className="p-6"><h1 className="text-3xl font-bold">{loaderData.service.title}</h1></main>;
}
