import { Icon } from "~/components/site/icon";
import { en } from "~/i18n/en";
import { useMessages } from "~/i18n/messages";
import { preload } from "react-dom";
import { type Fallbacks, fallbackOf } from "~/i18n/site-content";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { ATTR, dataAttr } from "~/islands/attributes";
import type { HeroBackground } from "~/lib/branding";
import type { HeroContent } from "~/validation/site-content";
import { InEnglish } from "./in-english";
import { preloadImage, ResponsiveImage } from "./responsive-image";
import { SectionLink } from "./section-link";

const HERO_SIZES = "100vw";

function HeroMedia({ background }: { background: HeroBackground }) {
  const m = useMessages();
  if (background.kind === "video") {
    // The poster is the largest paint until the video plays: requested from the head.
    preload(background.poster, { as: "image", fetchPriority: "high" });
    // No autoplay attribute: app/islands/site.ts starts it unless the visitor prefers reduced motion (then, and
    // without JavaScript, the poster is all that shows), and reveals the pause/play button (WCAG 2.2.2).
    return (
      <>
        <video {...dataAttr(ATTR.heroVideo)} className="hero-bg" src={background.src} poster={background.poster} muted loop playsInline preload="none" aria-hidden="true" />
        <button
          type="button"
          {...dataAttr(ATTR.heroVideoToggle)}
          hidden
          aria-label={m.playVideo}
          // The island's two labels in the page's language (English pages keep the island's own).
          {...(m.playVideo === en.playVideo ? {} : dataAttr(ATTR.messages, JSON.stringify({ play: m.playVideo, pause: m.pauseVideo })))}
          className="btn hero-toggle"
        >
          <Icon name="pause" />
          <Icon name="play" />
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
      className="hero-bg"
    />
  );
}

export function HeroSection({ background, content = DEFAULT_SITE_CONTENT.hero, fallback }: { background: HeroBackground; content?: HeroContent; fallback?: Fallbacks }) {
  const english = (path: string) => fallback?.includes(path) ?? false;
  return (
    // The two shades over the picture are the section's ::before and ::after (app/site-styles/home.css).
    <section id="home" aria-labelledby="hero-title" className="hero on-dark">
      <HeroMedia background={background} />
      <div className="wrap hero-body">
        <div>
          <p className="hero-tag">
            <Icon name="shield-check" />
            <InEnglish when={english("eyebrow")}>{content.eyebrow}</InEnglish>
          </p>
          <h1 id="hero-title" dir="auto" {...fallbackOf(fallback, "title")}>
            {content.title}
          </h1>
          <p dir="auto" {...fallbackOf(fallback, "description")}>
            {content.description}
          </p>
          <div className="hero-ctas">
            <SectionLink section="contact" className="btn btn-amber">
              <InEnglish when={english("primaryButton")}>{content.primaryButton}</InEnglish>
              <Icon name="arrow-right" />
            </SectionLink>
            <SectionLink section="projects" className="btn hero-ghost">
              <InEnglish when={english("secondaryButton")}>{content.secondaryButton}</InEnglish>
            </SectionLink>
          </div>
        </div>
        <dl>
          {content.stats.map((stat, i) => (
            <div key={i}>
              <dt {...fallbackOf(fallback, `stats.${i}.label`)}>{stat.label}</dt>
              <dd>{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
