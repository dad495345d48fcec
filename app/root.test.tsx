import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { renderServerErrorPage } from "~/components/site/server-error-page";
import { ENGLISH_ERROR_TEXTS } from "~/components/error-page";
import { dv } from "~/i18n/dv";
import { en } from "~/i18n/en";
import { STATIC_PAGE } from "~/lib/hydration";
import { ServerErrorPageContext } from "~/lib/server-error-page";
import { ErrorBoundary, Layout } from "./root";

// The island scripts' files are named by the build: here they are only names, and never run.
vi.mock("./islands/site.ts?island", () => ({ default: "/assets/site.js" }));
vi.mock("./islands/enquiry.ts?island", () => ({ default: "/assets/enquiry.js" }));

// The server's error page (the root error boundary, as entry.server renders it): a public page's is in its address's
// language, Dhivehi under /dv as the not-found page is; the admin's stays English. As the admin's error page test
// (app/routes/admin/layout.test.tsx), the boundary is rendered with a loader's crash.

function render(path: string, { publicPage = true, status }: { publicPage?: boolean; status?: number } = {}) {
  const Stub = createRoutesStub([
    {
      id: "page",
      path,
      Component: () => null,
      handle: publicPage ? STATIC_PAGE : undefined,
      ErrorBoundary: ((props: Parameters<typeof ErrorBoundary>[0]) => (
        <Layout>
          <ErrorBoundary {...props} />
        </Layout>
      )) as never,
    },
  ]);
  // A refusal the route threw (a route error response), or a crash.
  const error = status ? { status, statusText: "", internal: false, data: null } : new Error("the projects query failed");
  return renderToString(
    <ServerErrorPageContext value={renderServerErrorPage}>
      <Stub initialEntries={[path]} hydrationData={{ loaderData: {}, errors: { page: error } }} />
    </ServerErrorPageContext>,
  );
}

describe("the server's error page", () => {
  // As in production: a development build shows the stack trace.
  beforeEach(() => vi.stubEnv("DEV", false));
  afterEach(() => vi.unstubAllEnvs());

  it("is in Dhivehi on a /dv address: right to left, the catalogue's words, a link back to /dv", () => {
    const html = render("/dv/projects");
    expect(html).toContain('<html lang="dv" dir="rtl">');
    expect(html).toContain(`<h1>${dv.errorServer}</h1>`);
    expect(html).toContain(`<a href="/dv">${dv.returnHome}</a>`);
    expect(html).toContain(`<title>500 | ${dv.errorTitle}</title>`);
    expect(html).not.toContain("Something went wrong");
    // Internals are never shown.
    expect(html).not.toContain("the projects query failed");
  });

  it("says a refusal in Dhivehi too", () => {
    const html = render("/dv/service/x", { status: 403 });
    expect(html).toContain(`<h1>${dv.errorNoAccess}</h1>`);
    expect(html).toContain(`<title>403 | ${dv.errorTitle}</title>`);
  });

  it("stays in English on an English address", () => {
    const html = render("/projects");
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>Something went wrong on our side. Please try again in a moment.</h1>");
    expect(html).toContain('<a href="/">Return to Home</a>');
    expect(html).toContain("<title>500 | Error</title>");
  });

  it("stays in English in the admin, which the browser hydrates", () => {
    const html = render("/admin/dashboard", { publicPage: false });
    expect(html).toContain('<html lang="en">');
    expect(html).toContain("<h1>Something went wrong on our side. Please try again in a moment.</h1>");
  });
});

describe("the admin's error page words", () => {
  it("are the English catalogue's, kept apart only so that the admin's scripts do not carry the catalogue", () => {
    expect(ENGLISH_ERROR_TEXTS).toEqual({ title: en.errorTitle, noAccess: en.errorNoAccess, tooLarge: en.errorTooLarge, server: en.errorServer, home: en.returnHome });
  });
});
