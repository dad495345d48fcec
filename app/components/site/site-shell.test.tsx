import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_SETTINGS } from "~/validation/settings";
import { SiteShell } from "./site-shell";

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(<RouterProvider router={router} />);
}

describe("site header and footer", () => {
  it("show image logos when the settings say so, with the text as alt", () => {
    const html = render(
      <SiteShell
        chrome={{
          settings: {
            ...DEFAULT_SETTINGS,
            header_logo_type: "image",
            header_logo_image_url: "/uploads/site/logo-h.png",
            header_logo_text: "Atoll",
          },
          contactDetails: [],
        }}
      >
        <p>page</p>
      </SiteShell>,
    );
    expect(html).toContain('<img src="/uploads/site/logo-h.png" alt="Atoll"');
    // The footer keeps its own (text) logo: the company name.
    expect(html.slice(html.indexOf("<footer"))).toContain("Atoll Construction &amp; Services</span>");
  });

  it("show the primary phone in the header", () => {
    const html = render(
      <SiteShell
        chrome={{
          settings: DEFAULT_SETTINGS,
          contactDetails: [
            { type: "phone", label: "Site", value: "+960 777 1234", icon: null, is_primary: false },
            { type: "phone", label: "Office", value: "+960 330 1234", icon: null, is_primary: true },
          ],
        }}
      >
        <p>page</p>
      </SiteShell>,
    );
    const header = html.slice(html.indexOf("<header"), html.indexOf("</header>"));
    expect(header).toContain('href="tel:+9603301234"');
    expect(header).not.toContain("+960 777 1234");
  });
});
