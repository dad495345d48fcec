import { Icon } from "~/components/site/icon";
import { preload } from "react-dom";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { ATTR, dataAttr } from "~/islands/attributes";
import type { HeroBackground } from "~/lib/branding";
import type { HeroContent } from "~/validation/site-content";
import { preloadImage, ResponsiveImage } from "./responsive-image";
import { SectionLink } from "./section-link";

const HERO_SIZES = "100vw";

function HeroMedia({ background }: { background: HeroBackground }) {
  const className = "absolute inset-0 -z-20 size-full object-cover object-[70%_center]";
  if (background.kind === "video") {
    // The poster is the largest paint until the video plays: requested from the head.
    preload(background.poster, { as: "image", fetchPriority: "high" });
    // No autoplay attribute: app/islands/site.ts starts it unless the visitor prefers reduced motion (then, and
    // without JavaScript, the poster is all that shows), and reveals the pause/play button (WCAG 2.2.2).
    return (
      <>
        <video {...dataAttr(ATTR.heroVideo)} className={className} src={background.src} poster={background.poster} muted loop playsInline preload="none" aria-hidden="true" />
        <button
          type="button"
          {...dataAttr(ATTR.heroVideoToggle)}
          hidden
          aria-label="Play background video"
          className="group absolute right-4 bottom-4 z-10 grid size-11 place-items-center rounded-full border border-white/40 bg-brand-navy/70 text-white backdrop-blur-sm transition-colors hover:bg-brand-navy focus-visible:ring-[3px] focus-visible:ring-white/70 focus-visible:outline-none sm:right-6 sm:bottom-6"
        >
          <Icon name="pause" className="hidden size-5 group-data-[playing=true]:block" />
          <Icon name="play" className="size-5 group-data-[playing=true]:hidden" />
        </button>
      </>
    );
  }
  // The hero image is the home page's largest paint.
  preloadImage(background.src, HERO_SIZES);
  return (
    <ResponsiveImage
      src={background.src}
      alt=""
      sizes={HERO_SIZES}
      avif="phones"
      loading="eager"
      fetchPriority="high"
      className={className}
    />
  );
}

export function HeroSection({ background, content = DEFAULT_SITE_CONTENT.hero }: { background: HeroBackground; content?: HeroContent }) {
  return (
    <section id="home" aria-labelledby="hero-title" className="relative isolate overflow-hidden bg-brand-navy text-white">
      <HeroMedia background={background} />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-navy via-brand-navy/85 to-brand-navy/30 lg:via-brand-navy/70 lg:to-transparent"
      />
      <div aria-hidden="true" className="absolute inset-x-0 bottom-0 -z-10 h-40 bg-gradient-to-t from-brand-navy/80 to-transparent" />
      <div className="mx-auto flex min-h-[calc(100svh-4rem)] max-w-7xl flex-col justify-center px-4 py-20 sm:px-6 md:min-h-[640px] lg:min-h-[calc(100svh-4.5rem)] lg:px-8 lg:py-28">
        <div className="max-w-2xl">
          <p className="mb-6 inline-flex items-center gap-2 rounded-full border border-white/20 bg-white/10 px-4 py-1.5 text-xs font-semibold tracking-wide text-white uppercase backdrop-blur-sm sm:text-sm">
            <Icon name="shield-check" className="size-4 text-brand-amber" />
            {content.eyebrow}
          </p>
          <h1 id="hero-title" className="text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            {content.title}
          </h1>
          <p className="mt-6 max-w-xl text-base leading-relaxed whitespace-pre-line text-white/90 sm:text-lg">{content.description}</p>
          <div className="mt-9 flex flex-col gap-3 sm:flex-row">
            <SectionLink
              section="contact"
              className="inline-flex h-12 items-center justify-center gap-2 rounded-md bg-brand-amber px-7 text-base font-semibold text-brand-amber-foreground shadow-lg shadow-black/20 transition-colors hover:bg-brand-amber/90 focus-visible:ring-[3px] focus-visible:ring-white/70 focus-visible:outline-none"
            >
              {content.primaryButton}
              <Icon name="arrow-right" className="size-5" />
            </SectionLink>
            <SectionLink
              section="projects"
              className="inline-flex h-12 items-center justify-center rounded-md border border-white/40 bg-white/5 px-7 text-base font-semibold text-white backdrop-blur-sm transition-colors hover:bg-white/15 focus-visible:ring-[3px] focus-visible:ring-white/70 focus-visible:outline-none"
            >
              {content.secondaryButton}
            </SectionLink>
          </div>
        </div>
        <dl className="mt-14 grid max-w-2xl grid-cols-3 gap-4 border-t border-white/20 pt-8 sm:gap-8">
          {/* justify-end: in a reversed column that is the top, so the values line up when one label wraps. */}
          {content.stats.map((stat, i) => (
            <div key={i} className="flex flex-col-reverse justify-end gap-1">
              <dt className="text-xs font-medium text-white/80 sm:text-sm">{stat.label}</dt>
              <dd className="text-3xl font-extrabold text-brand-amber sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
