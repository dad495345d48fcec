import { describe, expect, it } from "vitest";
import { renderAccountEmail } from "./mailer";

describe("renderAccountEmail", () => {
  const email = renderAccountEmail({
    subject: "Reset your password",
    greeting: "Hello <Aishath>,",
    paragraphs: ["Someone asked & we answered."],
    action: { label: "Choose a new password", url: "https://example.mv/admin/reset-password?token=abc&x=\"1\"" },
    footnote: "If you did not ask for this, ignore this email.",
  });

  it("is in the company's name, in plain text and HTML, with the link written out", () => {
    expect(email.subject).toBe("Reset your password | Atoll Construction & Services");
    expect(email.text).toContain("Hello <Aishath>,");
    expect(email.text).toContain('Choose a new password: https://example.mv/admin/reset-password?token=abc&x="1"');
    expect(email.text.trim().endsWith("Atoll Construction & Services")).toBe(true);
    expect(email.html).toContain("Atoll Construction &amp; Services");
  });

  it("escapes what it puts into the HTML", () => {
    expect(email.html).toContain("Hello &lt;Aishath&gt;,");
    expect(email.html).toContain("Someone asked &amp; we answered.");
    expect(email.html).toContain('href="https://example.mv/admin/reset-password?token=abc&amp;x=&quot;1&quot;"');
    expect(email.html).not.toContain("<Aishath>");
  });
});
