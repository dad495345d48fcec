import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { HeroSection } from "./hero-section";

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(<RouterProvider router={router} />);
}

describe("hero background", () => {
  it("is a high-priority responsive image by default", () => {
    const html = render(<HeroSection background={{ kind: "image", src: "/images/hero-maldives.webp" }} />);
    expect(html).toMatch(/<img[^>]+src="\/images\/hero-maldives.webp"[^>]+fetchPriority="high"/);
    expect(html).toContain("/images/hero-maldives-w1600.webp 1600w");
    // Phones get the AVIF widths; wider screens the WebP widths (the AVIF stops at 960 px).
    const avif = html.match(/<source[^>]*type="image\/avif"[^>]*>/)?.[0] ?? "";
    expect(avif).toContain('srcSet="/images/hero-maldives-w480.avif 480w, /images/hero-maldives-w800.avif 800w, /images/hero-maldives-w960.avif 960w"');
    expect(avif).toContain('media="(max-width: 767px)"');
    expect(html).not.toContain("<video");
  });

  it("is a muted, looping, inline video with the image as poster, started by the island, with a pause/play button", () => {
    const html = render(
      <HeroSection background={{ kind: "video", src: "/uploads/site/hero.mp4", poster: "/images/hero-maldives.webp" }} />,
    );
    const video = html.match(/<video[^>]*>/)?.[0] ?? "";
    for (const attribute of [
      'src="/uploads/site/hero.mp4"',
      'poster="/images/hero-maldives.webp"',
      'muted=""',
      'loop=""',
      'playsInline=""',
    ]) {
      expect(video).toContain(attribute);
    }
    // Reduced motion is the island's to honour: the markup never autoplays (docs/decisions/0019-admin-toasts-and-hero-media.md).
    expect(video).not.toContain("autoPlay");
    expect(html).toMatch(/<button[^>]+data-hero-video-toggle[^>]+aria-label="Play background video"/);
    // Both icons are there: the stylesheet shows one or the other by the island's data-playing.
    expect(html).toMatch(/<button[^>]+data-hero-video-toggle[^>]*>.*icon-pause.*icon-play.*<\/button>/);
  });

  it("has the spec's stats and calls to action", () => {
    const html = render(<HeroSection background={{ kind: "image", src: "/images/hero-maldives.webp" }} />);
    for (const text of ["50+", "25+", "10+", "Get Free Quote", "View Our Projects"]) expect(html).toContain(text);
    expect(html).toContain('href="/#contact"');
    expect(html).toContain('href="/#projects"');
  });
});
