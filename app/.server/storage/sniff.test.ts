import { describe, expect, it } from "vitest";
import { sniff } from "./sniff";

const bytes = (...parts: Array<number[] | string>) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p, "latin1") : Buffer.from(p))));

const ftyp = (major: string, ...compatible: string[]) => {
  const box = Buffer.alloc(16 + 4 * compatible.length);
  box.writeUInt32BE(box.length, 0);
  box.write(`ftyp${major}`, 4, "latin1");
  compatible.forEach((b, i) => box.write(b, 16 + 4 * i, "latin1"));
  return box;
};

const ebml = (docType: string) => bytes([0x1a, 0x45, 0xdf, 0xa3, 0x80 | (3 + docType.length), 0x42, 0x82, 0x80 | docType.length], docType);

describe("sniff", () => {
  it("knows the accepted formats by their first bytes", () => {
    expect(sniff(bytes([0xff, 0xd8, 0xff, 0xe0]))?.ext).toBe("jpg");
    expect(sniff(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))?.ext).toBe("png");
    expect(sniff(bytes("GIF89a"))?.ext).toBe("gif");
    expect(sniff(bytes("GIF87a"))?.ext).toBe("gif");
    expect(sniff(bytes("RIFF", [1, 2, 3, 4], "WEBPVP8 "))?.ext).toBe("webp");
    expect(sniff(ftyp("avif", "mif1", "miaf"))).toEqual({ kind: "image", ext: "avif", mime: "image/avif" });
    expect(sniff(ftyp("mif1", "avif"))?.ext).toBe("avif");
    expect(sniff(ftyp("isom", "iso2", "avc1", "mp41"))).toEqual({ kind: "video", ext: "mp4", mime: "video/mp4" });
    expect(sniff(ftyp("mp42", "isom"))?.ext).toBe("mp4");
    expect(sniff(ebml("webm"))).toEqual({ kind: "video", ext: "webm", mime: "video/webm" });
  });

  it("refuses everything else, whatever it claims to be", () => {
    for (const input of [
      bytes('<svg xmlns="http://www.w3.org/2000/svg">'),
      bytes('<?xml version="1.0"?><svg>'),
      bytes("<!doctype html><html>"),
      bytes("%PDF-1.7"),
      bytes("RIFF", [0, 0, 0, 0], "WAVEfmt "),
      bytes("II*\0"),
      bytes("BM"),
      ftyp("heic", "mif1", "heic"),
      ftyp("qt  ", "qt  "),
      ftyp("3gp4", "3gp4"),
      ebml("matroska"),
      bytes([0xff, 0xd8]),
      bytes(""),
    ]) {
      expect(sniff(input), input.toString("latin1")).toBeNull();
    }
  });
});
