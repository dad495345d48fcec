import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { SAMPLE_PROJECTS, SAMPLE_SERVICES } from "~/content/site-content";
import { CardGridSkeleton, ProjectCard, ServiceCard } from "./cards";

/** Renders inside a router (cards use <Link>). */
function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("cards", () => {
  it("shows 6 skeleton cards while a list loads", () => {
    const html = render(<CardGridSkeleton label="Loading services" />);
    expect(html.match(/data-testid="card-skeleton"/g)).toHaveLength(6);
    expect(html).toContain("Loading services");
  });
  it("does not link a sample card", () => {
    const html = render(<ServiceCard service={SAMPLE_SERVICES[0]} />);
    expect(html).toContain(SAMPLE_SERVICES[0].title.replace("&", "&amp;"));
    expect(html).not.toContain("<a ");
  });
  it("links a real card to its page", () => {
    const html = render(<ServiceCard service={{ ...SAMPLE_SERVICES[0], id: "abc-123" }} />);
    expect(html).toContain('href="/service/abc-123"');
    const project = render(<ProjectCard project={{ ...SAMPLE_PROJECTS[1], id: "p-1" }} />);
    expect(project).toContain('href="/project/p-1"');
    expect(project).toContain("In Progress");
    expect(project).toContain("85%");
  });
});
