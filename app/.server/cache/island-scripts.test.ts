import { describe, expect, it } from "vitest";
import { dropUnusedIslandScripts } from "./island-scripts";

const site = `<script type="module">document.querySelector("[data-menu-toggle]")</script>`;
const enquiry = `<script type="module" data-island-for="data-enquiry-form">document.querySelector("form[data-enquiry-form]");"toast"</script>`;
const page = (body: string) => `<!DOCTYPE html><html><head><style>form[data-enquiry-form]{color:red}</style></head><body>${body}${site}${enquiry}</body></html>`;

describe("a stored page's island scripts", () => {
  it("keeps the contact form's script on a page with the form", () => {
    const html = page(`<main><form method="post" data-enquiry-form="" data-endpoint="/api/enquiries"></form></main>`);
    expect(dropUnusedIslandScripts(html)).toBe(html);
  });

  it("also when the attribute has no value or comes last in its tag", () => {
    for (const form of ["<form data-enquiry-form>", "<form class=\"a\" data-enquiry-form/>", "<FORM\ndata-enquiry-form=\"x\">"]) {
      const html = page(`<main>${form}</main>`);
      expect(dropUnusedIslandScripts(html), form).toBe(html);
    }
  });

  it("drops it from a page without the form, keeping the site's script", () => {
    const html = page(`<main><a href="/#contact">Contact us</a></main>`);
    const stored = dropUnusedIslandScripts(html);
    expect(stored).not.toContain("data-island-for");
    expect(stored).not.toContain("toast");
    expect(stored).toContain(site);
    expect(stored).toContain("<style>form[data-enquiry-form]{color:red}</style>");
  });

  it("does not take the name in text, in an attribute's value, a script or a stylesheet for the markup", () => {
    // The scripts and the stylesheet of page() name it too.
    const html = page(`<main><p>data-enquiry-form</p><p title="see data-enquiry-form"></p></main>`);
    expect(dropUnusedIslandScripts(html)).not.toContain("data-island-for");
  });

  it("leaves a page without marked scripts as it is", () => {
    const html = `<html><body><main></main>${site}</body></html>`;
    expect(dropUnusedIslandScripts(html)).toBe(html);
  });
});
