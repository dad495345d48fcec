import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { ROLE_PERMISSIONS } from "~/lib/permissions";
import { ErrorBoundary } from "./layout";

// A failing admin page must not take the admin shell with it: the sidebar stays, so the admin can go elsewhere.

const user = { id: "u1", email: "owner@example.com", fullName: "Owner", avatarUrl: null, roleLabel: "Owner", permissions: ROLE_PERMISSIONS.admin };

function render(layoutData: unknown) {
  const Stub = createRoutesStub([
    {
      id: "routes/admin/layout",
      path: "/admin",
      Component: () => null,
      ErrorBoundary: ErrorBoundary as never,
      children: [{ path: "dashboard", Component: () => null }],
    },
  ]);
  return renderToString(
    <Stub
      initialEntries={["/admin/dashboard"]}
      hydrationData={{
        loaderData: layoutData ? { "routes/admin/layout": layoutData } : {},
        errors: { "routes/admin/layout": new Error("the dashboard query failed") },
      }}
    />,
  );
}

describe("admin error boundary", () => {
  it("shows the error inside the admin shell when the layout loaded", () => {
    const html = render({ user, sidebarCollapsed: false });
    expect(html).toContain("Something went wrong on our side. Please try again in a moment.");
    expect(html).toContain("owner@example.com");
    expect(html).toContain('href="/admin/services"');
    // Internals are never shown.
    expect(html).not.toContain("the dashboard query failed");
  });

  it("shows the error alone when the layout itself failed", () => {
    const html = render(null);
    expect(html).toContain("Something went wrong on our side. Please try again in a moment.");
    expect(html).not.toContain('href="/admin/services"');
  });
});
