import { describe, expect, it } from "vitest";
import { formattedTextProblem, LINK_REFUSED, LIST_TOO_DEEP, listDepth } from "./formatted-text";
import { ProjectSchema } from "./project";
import { FaqContentSchema } from "./site-content";

// docs/decisions/0084-formatted-text-as-a-markdown-subset.md: what the formatted text fields refuse before anything is stored.
describe("formatted text checks", () => {
  it("takes plain text, Markdown with http(s), mailto and tel links, and lists three deep", () => {
    expect(formattedTextProblem("Plain text\n\nwith <b>tags</b> & a * star")).toBeNull();
    expect(formattedTextProblem("[site](https://example.com/a_(b)) [mail](mailto:a@b.mv) [call](tel:+960 123 4567)")).toBeNull();
    expect(formattedTextProblem("- a\n  - b\n    - c\n\n1. one\n   1. two\n      1. three")).toBeNull();
  });

  it("refuses links to anything else", () => {
    for (const href of ["javascript:alert(1)", " JAVASCRIPT:alert(1)", "<javascript:alert(1)>", "data:text/html,x", "/admin", "//evil.example", "ftp://x"]) {
      expect(formattedTextProblem(`[x](${href})`), href).toBe(LINK_REFUSED);
    }
  });

  it("refuses lists nested deeper than three levels, however they are typed", () => {
    expect(listDepth("- a\n  - b\n    - c\n      - d")).toBe(4);
    expect(formattedTextProblem("- - - - x")).toBe(LIST_TOO_DEEP);
    expect(formattedTextProblem("1. a\n\t- b\n\t\t- c\n\t\t\t- d")).toBe(LIST_TOO_DEEP);
    expect(formattedTextProblem("- ".repeat(5000) + "x")).toBe(LIST_TOO_DEEP);
  });

  it("shows the refusal under the field that has it", () => {
    const project = ProjectSchema.safeParse({ title: "t", challenges: "[x](javascript:alert(1))" });
    expect(project.success).toBe(false);
    expect(project.error?.issues[0]).toMatchObject({ path: ["challenges"], message: `Challenges: ${LINK_REFUSED}` });
    const faq = FaqContentSchema.safeParse({ eyebrow: "e", title: "t", intro: "i", items: [{ question: "q", answer: "- - - - x" }] });
    expect(faq.error?.issues[0]).toMatchObject({ path: ["items", 0, "answer"], message: `Answer: ${LIST_TOO_DEEP}` });
  });
});
