// What the public pages' script (app/islands/site.ts) does (docs/decisions/0007-public-pages-without-hydration.md).
// The server renders complete, working HTML; these add what needs a script: the mobile menu, the fade-in of
// sections, the image viewer, the hero video's pause/play, the detail skeleton. The contact form's behaviour is a
// script of its own, ./enquiry-form, on the pages that have the form
// (docs/decisions/0049-contact-form-script-only-where-the-form-is.md). Each behaviour finds its markup through
// the attributes in ./attributes (set by app/components/site/*) and does nothing when the page lacks it; startIsland
// (./start) runs each on its own, so one that fails stops no other. Built on its own by vite.config.ts: import
// only plain modules.

import { wrapIndex } from "~/lib/wrap-index";
import { FADE_IN_THRESHOLD, SCROLL_TO_CONTACT_DELAY_MS } from "~/validation/constants";
import { AFTER_LCP_READY, ATTR, FADE, type IslandAttribute, pageTexts, withAttr } from "./attributes";
import { guard } from "./start";

/** How far a finger must travel sideways for a swipe in the image viewer. */
const SWIPE_MIN_PX = 40;

const reducedMotion = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

// ---------------------------------------------------------------------------------------------
// Mobile menu: a native popover (it opens and closes on Escape without this script). Here: aria-expanded,
// placement under the header bar, a link in it closes it, and the tap outside that closes it does nothing else.

function initMenu() {
  const toggle = document.querySelector<HTMLButtonElement>(withAttr(ATTR.menuToggle));
  const panel = toggle && document.getElementById(toggle.getAttribute("aria-controls") ?? "");
  if (!toggle || !panel) return;
  const header = toggle.closest("header") ?? panel;
  const bar = toggle.closest("header > div:last-child") ?? header;
  const isOpen = () => panel.matches(":popover-open");
  toggle.setAttribute("aria-expanded", "false");
  panel.addEventListener("beforetoggle", (event) => {
    if ((event as ToggleEvent).newState === "open") panel.style.setProperty("--menu-top", `${Math.max(0, bar.getBoundingClientRect().bottom)}px`);
  });
  panel.addEventListener("toggle", () => toggle.setAttribute("aria-expanded", String(isOpen())));
  panel.addEventListener("click", (event) => {
    if ((event.target as Element).closest("a")) panel.hidePopover();
  });
  // The browser closes the popover on the press outside it; the click that follows must not reach the page.
  let swallowClick = false;
  document.addEventListener(
    "pointerdown",
    (event) => {
      swallowClick = isOpen() && !panel.contains(event.target as Node) && !header.contains(event.target as Node);
    },
    true,
  );
  document.addEventListener(
    "click",
    (event) => {
      if (!swallowClick) return;
      swallowClick = false;
      event.preventDefault();
      event.stopPropagation();
      if (isOpen()) panel.hidePopover();
    },
    true,
  );
}

// ---------------------------------------------------------------------------------------------
// Fade-in (docs/product.md#fade-in-as-an-enhancement): a section below the fold is hidden until 10% of it is visible.
// Never what is already on screen, never under prefers-reduced-motion (app/site-styles/states.css has the styles).

function initFadeIn() {
  if (typeof IntersectionObserver === "undefined" || reducedMotion()) return;
  // No layout is read at start (a forced layout there cost the home page its TBT): one observer reports each
  // section's position with the first frame, and only then are those below the fold hidden.
  const seen = new WeakSet<Element>();
  const observer = new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const el = entry.target;
        const screen = entry.rootBounds?.height ?? window.innerHeight;
        if (!seen.has(el)) {
          seen.add(el);
          // On screen or above it at start: never hidden.
          if (entry.isIntersecting || entry.boundingClientRect.top < screen) {
            observer.unobserve(el);
            continue;
          }
          el.setAttribute(ATTR.fade, FADE.hidden);
          continue;
        }
        // 10% visible, or for a section taller than ten screens (which could never be 10% visible) any part.
        const tall = entry.boundingClientRect.height * FADE_IN_THRESHOLD > screen;
        if (entry.isIntersecting && (tall || entry.intersectionRatio >= FADE_IN_THRESHOLD)) {
          el.setAttribute(ATTR.fade, FADE.shown);
          observer.unobserve(el);
        }
      }
    },
    { threshold: [0, FADE_IN_THRESHOLD] },
  );
  for (const el of document.querySelectorAll(withAttr(ATTR.fade))) observer.observe(el);
}

/** A link to /#section from another page lands here: settle on the section once the page is laid out. */
function scrollToHashSection() {
  const id = decodeURIComponent(location.hash.slice(1));
  const target = id ? document.getElementById(id) : null;
  if (!target || target.tagName !== "SECTION") return;
  window.setTimeout(() => target.scrollIntoView({ behavior: reducedMotion() ? "auto" : "smooth", block: "start" }), SCROLL_TO_CONTACT_DELAY_MS);
}

/**
 * docs/product.md#service-detail: a detail page shows a skeleton while it loads. A click on a link to one puts the
 * skeleton layer (a <template> in the page) over this page until the next one replaces it.
 */
function initDetailSkeleton() {
  const skeleton = document.querySelector<HTMLTemplateElement>(withAttr(ATTR.detailSkeleton, "template"))?.content.firstElementChild;
  if (!skeleton) return;
  let layer: Element | null = null;
  document.addEventListener("click", (event) => {
    const link = (event.target as Element).closest<HTMLAnchorElement>("a[href]");
    if (!link || (link.target && link.target !== "_self")) return;
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const url = new URL(link.href);
    const kind = url.origin === location.origin ? /^(?:\/dv)?\/(service|project)\//.exec(url.pathname)?.[1] : undefined;
    if (!kind) return;
    layer?.remove();
    layer = skeleton.cloneNode(true) as Element;
    const label = layer.querySelector(withAttr(ATTR.skeletonLabel));
    // In the page's language when it carries its own (ATTR.messages: a Dhivehi page's), else English.
    if (label) label.textContent = pageTexts(label)[kind] ?? `Loading ${kind} details`;
    document.body.append(layer);
  });
  // Coming back with the Back button can show this page from the browser's cache: without the layer.
  window.addEventListener("pageshow", () => {
    layer?.remove();
    layer = null;
  });
}

// ---------------------------------------------------------------------------------------------
// Images below the fold (ATTR.afterLcp: detail galleries, the home page's about image; hidden by app/site-styles/states.css until
// then) start loading once the page's main image, the one requested from the head with fetchpriority=high, is on
// screen: on a slow connection the main image gets the whole line instead of sharing it with images nobody sees yet.

function releaseAfterMainImage() {
  const held = document.querySelectorAll(withAttr(ATTR.afterLcp));
  if (held.length === 0) return;
  const ready = () => held.forEach((el) => el.setAttribute(ATTR.afterLcp, AFTER_LCP_READY));
  const main = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!main) return ready();
  // Once it is decoded, after the frame that paints it (decoding="async" can paint it a frame or two after "load").
  const release = () => void main.decode().catch(() => undefined).then(() => requestAnimationFrame(() => setTimeout(ready)));
  if (main.complete) return release();
  main.addEventListener("load", release, { once: true });
  main.addEventListener("error", ready, { once: true });
}

// ---------------------------------------------------------------------------------------------
// Image viewer: a <dialog> (ATTR.lightbox) per gallery (ATTR.lightboxGroup), opened by its thumbnails.
// The modal dialog keeps focus inside and closes on Escape; focus goes back to the opener.

interface ViewerImage {
  src: string;
  srcset: string;
  alt: string;
  title: string;
  caption: string;
  /** Which of alt, title and caption fell back to English on a Dhivehi page (ATTR.imageEnglish). */
  english: string[];
}

/**
 * Marks a text the viewer shows as English (lang="en", and left to right where it is a line of text) or clears the
 * mark, as the server marks a text that fell back to English (docs/decisions/0092-site-content-in-two-languages.md).
 */
function markEnglish(el: Element | null, english: boolean, line: boolean) {
  if (!el) return;
  if (english) el.setAttribute("lang", "en");
  else el.removeAttribute("lang");
  // A line of text reads left to right; the title's own dir="auto" does that already, and is kept.
  if (!line || el.getAttribute("dir") === "auto") return;
  if (english) el.setAttribute("dir", "ltr");
  else el.removeAttribute("dir");
}

function initLightbox(group: Element) {
  const dialog = group.querySelector<HTMLDialogElement>(withAttr(ATTR.lightbox, "dialog"));
  const img = dialog?.querySelector<HTMLImageElement>(withAttr(ATTR.lightboxImage, "img"));
  const buttons = [...group.querySelectorAll<HTMLElement>(withAttr(ATTR.lightboxOpen))];
  // Without its dialog and image there is no viewer: the thumbnails stay links to the images.
  if (!dialog || !img || buttons.length === 0) return;
  // The other parts are optional: a viewer without, say, a counter still shows the images.
  const part = (name: IslandAttribute) => dialog.querySelector(withAttr(name));
  const setText = (name: IslandAttribute, text: string) => {
    const el = part(name);
    if (el) el.textContent = text;
  };
  const images: ViewerImage[] = buttons.map((b) => ({
    src: b.getAttribute(ATTR.imageSrc) ?? "",
    srcset: b.getAttribute(ATTR.imageSrcset) ?? "",
    alt: b.getAttribute(ATTR.imageAlt) ?? "",
    title: b.getAttribute(ATTR.imageTitle) ?? "",
    caption: b.getAttribute(ATTR.imageCaption) ?? "",
    english: (b.getAttribute(ATTR.imageEnglish) ?? "").split(" "),
  }));
  let position = 0;
  let opener: HTMLElement | null = null;
  // The viewer's texts in the page's language (a Dhivehi page's ATTR.messages: "{n}" and "{count}" filled in).
  const texts = pageTexts(dialog);
  const counter = (n: number, count: number) =>
    texts.imageCounter ? texts.imageCounter.replace("{n}", String(n)).replace("{count}", String(count)) : `Image ${n} of ${count}`;
  // Right to left (a Dhivehi page), the next image is the one to the left: the arrow keys and a swipe follow the
  // reading direction, as the mirrored previous and next buttons do (docs/decisions/0090-thaana-type-and-right-to-left.md).
  const forward = getComputedStyle(dialog).direction === "rtl" ? -1 : 1;

  const show = (index: number) => {
    position = wrapIndex(index, images.length);
    const image = images[position];
    // srcset first cleared: the old one would otherwise win over the new src for a moment.
    img.removeAttribute("srcset");
    if (image.srcset) img.srcset = image.srcset;
    img.src = image.src;
    img.alt = image.alt;
    setText(ATTR.lightboxTitle, image.title);
    setText(ATTR.lightboxCaption, image.caption || counter(position + 1, images.length));
    markEnglish(img, image.english.includes("alt"), false);
    markEnglish(part(ATTR.lightboxTitle), image.english.includes("title"), true);
    markEnglish(part(ATTR.lightboxCaption), image.caption !== "" && image.english.includes("caption"), true);
    setText(ATTR.lightboxCounter, `${position + 1} / ${images.length}`);
  };

  buttons.forEach((button, index) =>
    button.addEventListener("click", (event) => {
      // The thumbnail is a link to the image (what works without this script): here it opens the viewer instead.
      event.preventDefault();
      opener = button;
      show(index);
      dialog.showModal();
    }),
  );
  part(ATTR.lightboxPrev)?.addEventListener("click", () => show(position - 1));
  part(ATTR.lightboxNext)?.addEventListener("click", () => show(position + 1));
  part(ATTR.lightboxClose)?.addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", (event) => {
    if (event.key === "ArrowLeft") show(position - forward);
    else if (event.key === "ArrowRight") show(position + forward);
    else return;
    event.preventDefault();
  });
  // A click on the dark backdrop (the dialog itself or the stage around the image, not a control or the image) closes it.
  dialog.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (target === dialog || target.hasAttribute(ATTR.lightboxStage)) dialog.close();
  });
  // A horizontal swipe on a touch screen moves to the previous or next image.
  let touchStart: { x: number; y: number } | null = null;
  dialog.addEventListener(
    "touchstart",
    (event) => {
      const t = event.touches[0];
      touchStart = t ? { x: t.clientX, y: t.clientY } : null;
    },
    { passive: true },
  );
  dialog.addEventListener("touchend", (event) => {
    const t = event.changedTouches[0];
    if (!touchStart || !t) return;
    const dx = t.clientX - touchStart.x;
    const dy = t.clientY - touchStart.y;
    touchStart = null;
    if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) < Math.abs(dy)) return;
    show(position + (dx < 0 ? forward : -forward));
  });
  dialog.addEventListener("close", () => {
    opener?.focus();
    opener = null;
  });
}

// ---------------------------------------------------------------------------------------------
// Hero video (WCAG 2.2.2): plays only when the visitor does not prefer reduced motion, with a visible
// pause/play button either way. The markup has no autoplay, so without this script the poster shows.

function initHeroVideo() {
  const video = document.querySelector<HTMLVideoElement>(withAttr(ATTR.heroVideo, "video"));
  const button = document.querySelector<HTMLButtonElement>(withAttr(ATTR.heroVideoToggle));
  if (!video || !button) return;
  const texts = pageTexts(button);
  const setPlaying = (playing: boolean) => {
    button.setAttribute(ATTR.playing, String(playing));
    button.setAttribute("aria-label", playing ? (texts.pause ?? "Pause background video") : (texts.play ?? "Play background video"));
  };
  const play = () => {
    video.preload = "auto";
    setPlaying(true);
    // A file that cannot play (missing, unsupported) leaves the poster and offers Play again.
    video.play().catch(() => setPlaying(false));
  };
  button.addEventListener("click", () => {
    if (button.getAttribute(ATTR.playing) === "true") {
      video.pause();
      setPlaying(false);
    } else play();
  });
  button.hidden = false;
  if (reducedMotion()) setPlaying(false);
  else play();
}

// ---------------------------------------------------------------------------------------------

/** The behaviours in the order they start. First: the one whose absence would hide content (the held images). */
export const BEHAVIOURS: ReadonlyArray<readonly [name: string, init: () => void]> = [
  ["held images", releaseAfterMainImage],
  ["menu", initMenu],
  ["hero video", initHeroVideo],
  ["fade-in", initFadeIn],
  ["detail skeleton", initDetailSkeleton],
  // One gallery whose markup is broken leaves the others working.
  ["image viewers", () => document.querySelectorAll(withAttr(ATTR.lightboxGroup)).forEach((group) => guard("image viewer", () => initLightbox(group)))],
  ["scroll to section", scrollToHashSection],
];
