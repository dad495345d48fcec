import { data } from "react-router";
import type { Route } from "./+types/project";
import { getPublicProject } from "~/.server/models/projects";

// Placeholder from the Foundation issue; the Public site issue builds the full page.
export async function loader({ params }: Route.LoaderArgs) {
  const project = await getPublicProject(params.id);
  if (!project) throw data(null, { status: 404 });
  return { project };
}

export default function ProjectPage({ loaderData }: Route.ComponentProps) {
  return <main className="p-6"><h1 className="text-3xl font-bold">{loaderData.project.title}</h1></main>;
}
