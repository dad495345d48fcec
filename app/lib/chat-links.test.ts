import { describe, expect, it } from "vitest";
import { chatPath, chatTarget, displayChatNumber, normaliseChatNumber } from "./chat-links";

describe("chat links", () => {
  it("normalises a number to + and digits with its country code; a local Maldivian number gets +960", () => {
    expect(normaliseChatNumber("+960 777-1234")).toBe("+9607771234");
    expect(normaliseChatNumber("777 1234")).toBe("+9607771234");
    expect(normaliseChatNumber("(+960) 777.1234")).toBe("+9607771234");
    expect(normaliseChatNumber("00 44 7700 900123")).toBe("+447700900123");
  });

  it("refuses what cannot be a number to chat with", () => {
    for (const bad of ["", "call me", "+960 777 12x4", "12345", "+0123456789", "+1234567890123456", "960 777 1234", "wa.me/9607771234"]) {
      expect(normaliseChatNumber(bad), bad).toBeNull();
    }
  });

  it("links to WhatsApp and Viber by the number's digits, through the site's own redirect", () => {
    expect(chatTarget("whatsapp", "+9607771234")).toBe("https://wa.me/9607771234");
    expect(chatTarget("viber", "+9607771234")).toBe("viber://chat?number=%2B9607771234");
    expect(chatPath("viber", "+9607771234")).toBe("/contact/viber/9607771234");
    expect(displayChatNumber("+9607771234")).toBe("+960 777 1234");
    expect(displayChatNumber("+447700900123")).toBe("+447700900123");
  });
});
