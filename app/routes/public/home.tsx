import type { Route } from "./+types/home";
import { listPublicContactDetails } from "~/.server/models/contact-details";
import { listPublicProjects } from "~/.server/models/projects";
import { listActiveServices } from "~/.server/models/services";
import { getPublicSettings } from "~/.server/models/settings";
import { COMPANY } from "~/content/company";

// Placeholder from the Foundation issue; the Public site issue builds the full page.
export async function loader() {
  const [services, projects, contactDetails, settings] = await Promise.all([
    listActiveServices(),
    listPublicProjects(),
    listPublicContactDetails(),
    getPublicSettings(),
  ]);
  return { services, projects, contactDetails, settings };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main className="mx-auto max-w-5xl p-6">
      <h1 className="text-3xl font-bold">{COMPANY.name}</h1>
      <section id="services">
        <h2>Our Services</h2>
        <ul>{loaderData.services.map((s) => <li key={s.id}>{s.title}</li>)}</ul>
      </section>
      <section id="projects">
        <h2>Featured Projects</h2>
        <ul>{loaderData.projects.map((p) => <li key={p.id}>{p.title}</li>)}</ul>
      </section>
    </main>
  );
}

export const meta: Route.MetaFunction = () => [{ title: COMPANY.name }, { name: "description", content: COMPANY.description }];
