import { describe, expect, it } from "vitest";
import { describeBrowser } from "./browser";

describe("describeBrowser", () => {
  it("names the browser and system without versions, so an update is the same browser", () => {
    const chrome130 = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
    expect(describeBrowser(chrome130)).toBe("Chrome on Windows");
    expect(describeBrowser(chrome130.replace("130.0.0.0", "131.0.0.0"))).toBe("Chrome on Windows");
    expect(describeBrowser("Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1")).toBe("Safari on iOS");
  });
  it("copes with no or odd user agents", () => {
    expect(describeBrowser(null)).toBe("Unknown browser");
    expect(describeBrowser("curl/8.5.0")).toMatch(/curl|Unknown browser/);
  });
});
