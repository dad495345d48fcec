import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { ProjectSummary, ServiceSummary } from "~/content/types";
import type { ListResult } from "~/lib/public-lists";
import { ProjectsSection } from "./projects-section";
import { ServicesSection } from "./services-section";

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(<RouterProvider router={router} />);
}

const never = <T,>() => new Promise<T>(() => {});
const empty = { items: [], failed: false };

describe("services and projects sections", () => {
  it("show 6 skeleton cards while a streamed list is pending", () => {
    const html = render(<ServicesSection services={never<ListResult<ServiceSummary>>()} showSampleContent="true" />);
    expect(html.match(/data-testid="card-skeleton"/g)).toHaveLength(6);
    expect(html).toContain("Loading services");
    const projects = render(<ProjectsSection projects={never<ListResult<ProjectSummary>>()} showSampleContent="true" />);
    expect(projects.match(/data-testid="card-skeleton"/g)).toHaveLength(6);
  });

  it("render a ready list in place, outside any Suspense boundary", () => {
    const html = render(<ServicesSection services={empty} showSampleContent="true" />);
    expect(html).not.toContain("<!--$");
    expect(html).toContain("Project Management &amp; Consulting");
  });

  it("show 'Coming Soon' when the list is empty and sample content is off", () => {
    const services = render(<ServicesSection services={empty} showSampleContent="false" />);
    expect(services).toContain("Services Coming Soon");
    expect(services).toContain("We&#x27;re working on adding our service details. Check back soon!");
    const projects = render(<ProjectsSection projects={{ items: [], failed: true }} showSampleContent="false" />);
    expect(projects).toContain("Projects Coming Soon");
    expect(projects).toContain("We&#x27;re working on showcasing our latest projects. Check back soon!");
  });

  it("show the samples when the load failed and sample content is on", () => {
    const projects = render(<ProjectsSection projects={{ items: [], failed: true }} showSampleContent="true" />);
    expect(projects).toContain("Beachfront Family Villa");
    expect(projects).not.toContain('href="/project/');
  });
});
