import { describe, expect, it } from "vitest";
import { MAILTO_MAX, replyMailto } from "./reply-mailto";

const paramsOf = (href: string) => new URLSearchParams(href.slice(href.indexOf("?") + 1));

describe("replyMailto", () => {
  it("carries the address, subject and whole message, escaped", () => {
    const { href, cut } = replyMailto("visitor@example.mv", "Re: Pool & deck", "Line one\nSunday? 50% now.");
    expect(cut).toBe(false);
    expect(href.startsWith("mailto:visitor@example.mv?subject=")).toBe(true);
    expect(paramsOf(href).get("subject")).toBe("Re: Pool & deck");
    expect(paramsOf(href).get("body")).toBe("Line one\nSunday? 50% now.");
  });

  it("shortens a long message to fit, never inside an escape, and says so", () => {
    const body = "Thaana ދިވެހި and more. ".repeat(400);
    const { href, cut } = replyMailto("visitor@example.mv", "Re: Villa", body);
    expect(cut).toBe(true);
    expect(href.length).toBeLessThanOrEqual(MAILTO_MAX);
    const shortened = paramsOf(href).get("body")!;
    expect(shortened.endsWith("…")).toBe(true);
    expect(body.startsWith(shortened.slice(0, -1))).toBe(true);
  });

  it("an address cannot add recipients or headers", () => {
    const { href } = replyMailto("a@example.mv?bcc=x@evil.test", "S", "B");
    expect([...paramsOf(href).keys()]).toEqual(["subject", "body"]);
  });
});
