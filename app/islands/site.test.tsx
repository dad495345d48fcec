import { build } from "esbuild";
import { Window } from "happy-dom";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { AboutSection } from "~/components/site/about-section";
import { ContactForm } from "~/components/site/contact-form";
import { DetailGallery } from "~/components/site/detail-parts";
import { GallerySection } from "~/components/site/gallery-section";
import { HeroSection } from "~/components/site/hero-section";
import { SiteShell } from "~/components/site/site-shell";
import { DEFAULT_SITE_CONTENT } from "~/content/default-site-content";
import { ENQUIRY_FAILED, ENQUIRY_NOT_SENT_TITLE } from "~/content/enquiry";
import { ATTACHMENT_FIELD, ATTACHMENT_MAX_FILES, ATTACHMENTS_TOO_MANY } from "~/validation/constants";
import { DEFAULT_SETTINGS } from "~/validation/settings";
import { pageAddress, PageAddressContext } from "~/i18n/page-address";
import { AFTER_LCP_READY, ATTR, FADE, withAttr } from "./attributes";

// The island as the pages get it (built on its own, bundled and minified as vite.config.ts builds it), run in a fresh
// happy-dom window per test on HTML rendered by the real site components: what is tested is the script and the markup
// that meet in the browser. happy-dom has no layout and plays no media; the e2e tests cover those in Chromium.
let island = "";
beforeAll(async () => {
  // Both scripts, in the order the page has them: the site's, then the contact form's.
  const built = await Promise.all(
    ["app/islands/site.ts", "app/islands/enquiry.ts"].map((entry) =>
      build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", target: "es2022", write: false, legalComments: "none" }),
    ),
  );
  // Each module has its own scope in the page: a function scope each here, where they run as one classic script.
  island = built.map((result) => `(() => {\n${result.outputFiles[0].text}\n})();`).join("\n");
});

type DomWindow = globalThis.Window & typeof globalThis;

// A port nothing listens on: the contact form's post fails as when the network is down.
const ORIGIN = "http://127.0.0.1:9";

function render(element: React.ReactElement): string {
  const router = createMemoryRouter([{ path: "/", element }]);
  return renderToString(<RouterProvider router={router} />);
}

const page = (extra?: React.ReactNode) =>
  render(
    <SiteShell chrome={{ settings: DEFAULT_SETTINGS, contactDetails: [] }}>
      <HeroSection background={{ kind: "video", src: "/uploads/site/hero.mp4", poster: "/images/hero-maldives.webp" }} />
      <AboutSection />
      <GallerySection />
      <DetailGallery images={["/uploads/a.webp", "/uploads/b.webp"]} title="Villa" />
      <ContactForm formToken="token" />
      <a href="/project/villa">A project</a>
      {extra}
    </SiteShell>,
  );

/** Opens `html` in a new window, lets `prepare` change the window first, then runs the island in it. */
function open(html: string, prepare?: (window: DomWindow) => void) {
  // Script evaluation is on for our own built island only (happy-dom warns about running untrusted code in its VM).
  const happy = new Window({ url: `${ORIGIN}/`, settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true } });
  // The same window with the DOM's own types.
  const window = happy as unknown as DomWindow;
  window.document.body.innerHTML = html;
  // A click on a link would navigate the test window away: the page's handlers still see it first.
  window.addEventListener("click", (event) => event.preventDefault());
  prepare?.(window);
  happy.eval(island);
  const $ = <T extends Element = HTMLElement>(selector: string) => window.document.querySelector(selector) as T;
  const errors = () =>
    happy.happyDOM.virtualConsolePrinter
      .read()
      .filter((entry) => entry.type === "error")
      .map((entry) => entry.message.map(String).join(" "))
      // What the browser itself logs for the post that cannot connect (the island answers it with a toast).
      .filter((message) => !message.includes(`ECONNREFUSED ${new URL(ORIGIN).host}`));
  const click = (selector: string) => $(selector).dispatchEvent(new window.MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
  return { window, $, errors, click, close: () => happy.happyDOM.close(), settle: () => happy.happyDOM.waitUntilComplete() };
}

/** What each behaviour visibly did: one check per behaviour, so a test names the ones that worked. */
async function behaviours({ window, $, click }: ReturnType<typeof open>) {
  const worked: Record<string, boolean> = {};
  worked.menu = $(withAttr(ATTR.menuToggle)).getAttribute("aria-expanded") === "false";
  worked["hero video"] = $(withAttr(ATTR.heroVideoToggle)).hidden === false;
  worked["held images"] = [...window.document.querySelectorAll(withAttr(ATTR.afterLcp))].every((el) => el.getAttribute(ATTR.afterLcp) === AFTER_LCP_READY);
  click('a[href="/project/villa"]');
  worked["detail skeleton"] = $(`body > [role=status] ${withAttr(ATTR.skeletonLabel)}`)?.textContent === "Loading project details";
  const group = $("#gallery-title").closest(withAttr(ATTR.lightboxGroup)) as HTMLElement;
  (group.querySelector(withAttr(ATTR.lightboxOpen)) as HTMLElement).dispatchEvent(new window.MouseEvent("click", { bubbles: true, cancelable: true }));
  worked["image viewer"] = (group.querySelector("dialog") as HTMLDialogElement).open;
  const form = $<HTMLFormElement>(withAttr(ATTR.enquiryForm, "form"));
  form.dispatchEvent(new window.SubmitEvent("submit", { bubbles: true, cancelable: true }));
  const submit = form.querySelector("button[type=submit]") as HTMLButtonElement;
  worked["contact form"] = submit.disabled;
  // Its post fails (nothing listens): the answer is a toast.
  await vi.waitFor(() => expect(window.document.querySelector("#toasts [role=alert]")?.textContent).toContain(ENQUIRY_FAILED));
  return worked;
}

describe("the island on the site components' markup", () => {
  it("finds every part the components render: each behaviour does what the visitor sees", async () => {
    const { window, $, click, errors, close } = open(page());

    // Menu: the popover's button says whether it is open.
    expect($(withAttr(ATTR.menuToggle)).getAttribute("aria-expanded")).toBe("false");

    // Hero video: the pause/play button appears and says what it does.
    const toggle = $<HTMLButtonElement>(withAttr(ATTR.heroVideoToggle));
    expect(toggle.hidden).toBe(false);
    expect(toggle.getAttribute("aria-label")).toMatch(/^(Pause|Play) background video$/);

    // No main image on a page with a hero video: the held images may load at once.
    for (const held of window.document.querySelectorAll(withAttr(ATTR.afterLcp))) expect(held.getAttribute(ATTR.afterLcp)).toBe(AFTER_LCP_READY);

    // The gallery's viewer: the first thumbnail opens it on its image; next moves on; close closes.
    const group = $("#gallery-title").closest(withAttr(ATTR.lightboxGroup)) as HTMLElement;
    const dialog = group.querySelector("dialog") as HTMLDialogElement;
    const first = DEFAULT_SITE_CONTENT.gallery.items[0];
    (group.querySelector(withAttr(ATTR.lightboxOpen)) as HTMLElement).dispatchEvent(new window.MouseEvent("click", { bubbles: true, cancelable: true }));
    expect(dialog.open).toBe(true);
    const image = dialog.querySelector("img") as HTMLImageElement;
    expect(image.getAttribute("src")).toBe(first.src);
    expect(image.alt).toBe(first.alt);
    expect(dialog.querySelector(withAttr(ATTR.lightboxTitle))?.textContent).toBe(first.title);
    const count = DEFAULT_SITE_CONTENT.gallery.items.length;
    expect(dialog.querySelector(withAttr(ATTR.lightboxCounter))?.textContent).toBe(`1 / ${count}`);
    (dialog.querySelector(withAttr(ATTR.lightboxNext)) as HTMLElement).click();
    expect(dialog.querySelector(withAttr(ATTR.lightboxCounter))?.textContent).toBe(`2 / ${count}`);
    expect(image.getAttribute("src")).toBe(DEFAULT_SITE_CONTENT.gallery.items[1].src);
    (dialog.querySelector(withAttr(ATTR.lightboxPrev)) as HTMLElement).click();
    (dialog.querySelector(withAttr(ATTR.lightboxPrev)) as HTMLElement).click();
    expect(dialog.querySelector(withAttr(ATTR.lightboxCounter))?.textContent).toBe(`${count} / ${count}`);
    (dialog.querySelector(withAttr(ATTR.lightboxClose)) as HTMLElement).click();
    expect(dialog.open).toBe(false);

    // The detail page's gallery has its own viewer.
    const detail = $<HTMLAnchorElement>('a[href="/uploads/b.webp"]');
    detail.dispatchEvent(new window.MouseEvent("click", { bubbles: true, cancelable: true }));
    const detailDialog = detail.closest(withAttr(ATTR.lightboxGroup))?.querySelector("dialog") as HTMLDialogElement;
    expect(detailDialog.open).toBe(true);
    expect(detailDialog.querySelector(withAttr(ATTR.lightboxCounter))?.textContent).toBe("2 / 2");

    // A click on a link to a detail page puts the skeleton over the page.
    click('a[href="/project/villa"]');
    expect($(`body > [role=status] ${withAttr(ATTR.skeletonLabel)}`)?.textContent).toBe("Loading project details");

    // The contact form: too many attachments are refused before anything is sent, next to the field and in a toast.
    const form = $<HTMLFormElement>(withAttr(ATTR.enquiryForm, "form"));
    const files = new window.DataTransfer();
    for (let i = 0; i <= ATTACHMENT_MAX_FILES; i++) files.items.add(new window.File(["x"], `plan-${i}.pdf`, { type: "application/pdf" }));
    const attachments = form.elements.namedItem(ATTACHMENT_FIELD) as HTMLInputElement;
    attachments.files = files.files;
    form.dispatchEvent(new window.SubmitEvent("submit", { bubbles: true, cancelable: true }));
    expect(form.querySelector(withAttr(ATTR.fieldError))?.textContent).toBe(ATTACHMENTS_TOO_MANY);
    expect(attachments.getAttribute("aria-invalid")).toBe("true");
    expect($("#toasts [role=alert]")?.textContent).toContain(ENQUIRY_NOT_SENT_TITLE);

    // Sent: the button shows 'Sending' while it goes; the post fails (nothing listens), the form says so and is usable again.
    attachments.files = new window.DataTransfer().files;
    form.dispatchEvent(new window.SubmitEvent("submit", { bubbles: true, cancelable: true }));
    const submit = form.querySelector("button[type=submit]") as HTMLButtonElement;
    const label = (state: string) => submit.querySelector(`[${ATTR.when}="${state}"]`) as HTMLElement;
    expect(submit.disabled).toBe(true);
    expect([label("idle").hidden, label("sending").hidden]).toEqual([true, false]);
    await vi.waitFor(() => expect(submit.disabled).toBe(false));
    expect([label("idle").hidden, label("sending").hidden]).toEqual([false, true]);
    expect([...window.document.querySelectorAll("#toasts [role=alert]")].at(-1)?.textContent).toContain(ENQUIRY_FAILED);
    // The earlier refusal's note is gone with the new answer.
    expect(form.querySelector(withAttr(ATTR.fieldError))).toBeNull();

    expect(errors()).toEqual([]);
    await close();
  });

  it("hides the sections that start below the fold, and only those (layout given: happy-dom has none)", async () => {
    const { $, errors, close } = open(page(), (w) => {
      // The gallery section starts two screens down; everything else is on the first screen. The browser's
      // IntersectionObserver reports each section's box with the first frame: here from that layout.
      const top = (el: Element) => (el.getAttribute("aria-labelledby") === "gallery-title" ? 2 * w.innerHeight : 0);
      class LaidOutObserver {
        constructor(private readonly callback: IntersectionObserverCallback) {}
        observe(el: Element) {
          const box = new w.DOMRect(0, top(el), 390, 600);
          const rootBounds = new w.DOMRect(0, 0, w.innerWidth, w.innerHeight);
          const isIntersecting = box.top < w.innerHeight;
          queueMicrotask(() =>
            this.callback([{ target: el, boundingClientRect: box, rootBounds, isIntersecting, intersectionRatio: isIntersecting ? 1 : 0 } as unknown as IntersectionObserverEntry], this as never),
          );
        }
        unobserve() {}
        disconnect() {}
      }
      (w as unknown as { IntersectionObserver: unknown }).IntersectionObserver = LaidOutObserver;
    });
    const gallery = $('[aria-labelledby="gallery-title"]');
    await vi.waitFor(() => expect(gallery.getAttribute(ATTR.fade)).toBe(FADE.hidden));
    expect($('[aria-labelledby="about-title"]').getAttribute(ATTR.fade)).toBe(FADE.static);
    expect(errors()).toEqual([]);
    await close();
  });

});

describe("the image viewer on a Dhivehi page", () => {
  it("marks the texts of an image that fell back to English, and clears the mark on the next image", async () => {
    // The first image's alt, title and category fell back; the second's category only.
    const html = render(
      <PageAddressContext value={pageAddress("/dv")}>
        <GallerySection fallback={["items.0.alt", "items.0.title", "items.0.category", "items.1.category"]} />
      </PageAddressContext>,
    );
    const { window, $, errors, close } = open(html);
    const dialog = $<HTMLDialogElement>("dialog");
    const marks = () =>
      [dialog.querySelector("img"), $(withAttr(ATTR.lightboxTitle)), $(withAttr(ATTR.lightboxCaption))].map((el) => [el?.getAttribute("lang") ?? null, el?.getAttribute("dir") ?? null]);
    $(withAttr(ATTR.lightboxOpen)).dispatchEvent(new window.MouseEvent("click", { bubbles: true, cancelable: true }));
    // The picture takes the language alone; the title keeps its dir="auto"; the caption reads left to right.
    expect(marks()).toEqual([
      ["en", null],
      ["en", "auto"],
      ["en", "ltr"],
    ]);
    $(withAttr(ATTR.lightboxNext)).click();
    expect(marks()).toEqual([
      [null, null],
      [null, "auto"],
      ["en", "ltr"],
    ]);
    $(withAttr(ATTR.lightboxNext)).click();
    expect(marks()).toEqual([
      [null, null],
      [null, "auto"],
      [null, null],
    ]);
    expect(errors()).toEqual([]);
    await close();
  });
});

describe("each behaviour on its own", () => {
  it("one that throws is reported and leaves the others working", async () => {
    // matchMedia failing breaks the two behaviours that ask about reduced motion: the hero video and the fade-in.
    const run = open(page(), (w) => {
      w.matchMedia = () => {
        throw new Error("no media queries here");
      };
    });
    const worked = await behaviours(run);
    expect(worked).toEqual({
      menu: true,
      "hero video": true, // its button was shown before the failure
      "held images": true,
      "detail skeleton": true,
      "image viewer": true,
      "contact form": true,
    });
    expect(run.errors()).toEqual([expect.stringMatching(/^island: hero video failed .*no media queries here/), expect.stringMatching(/^island: fade-in failed .*no media queries here/)]);
    await run.close();
  });

  it("a gallery whose viewer is broken leaves the other gallery's viewer working", async () => {
    const run = open(page(), (w) => {
      // The home gallery's dialog cannot open as a modal here.
      const gallery = w.document.querySelector('[aria-labelledby="gallery-title"] dialog') as HTMLDialogElement;
      Object.defineProperty(gallery, "addEventListener", {
        value: () => {
          throw new Error("broken viewer");
        },
      });
    });
    const detail = run.$<HTMLAnchorElement>('a[href="/uploads/a.webp"]');
    detail.dispatchEvent(new run.window.MouseEvent("click", { bubbles: true, cancelable: true }));
    expect((detail.closest(withAttr(ATTR.lightboxGroup))?.querySelector("dialog") as HTMLDialogElement).open).toBe(true);
    expect(run.$(withAttr(ATTR.enquiryForm, "form"))).not.toBeNull();
    expect(run.errors()).toEqual([expect.stringMatching(/^island: image viewer failed .*broken viewer/)]);
    await run.close();
  });

  it("a page without the markup for a behaviour: nothing happens, nothing is reported", async () => {
    const { window, errors, close, settle } = open("<main><p>Nothing here</p></main>");
    window.document.body.dispatchEvent(new window.MouseEvent("click", { bubbles: true }));
    await settle();
    expect(errors()).toEqual([]);
    expect(window.document.body.innerHTML).toBe("<main><p>Nothing here</p></main>");
    await close();
  });

  it("markup with parts missing: what is there works, nothing throws", async () => {
    // A menu button whose panel is missing, a hero button without its video, an empty skeleton template, a viewer with
    // only its image (no counter, title or buttons) and a form without a submit button.
    const html = `
      <button ${ATTR.menuToggle} aria-controls="nowhere">Menu</button>
      <button ${ATTR.heroVideoToggle} hidden>Play</button>
      <template ${ATTR.detailSkeleton}></template>
      <a href="/service/roofs">Roofs</a>
      <div ${ATTR.lightboxGroup}>
        <a href="/a.webp" ${ATTR.lightboxOpen} ${ATTR.imageSrc}="/a.webp" ${ATTR.imageAlt}="A roof">A</a>
        <dialog ${ATTR.lightbox}><img ${ATTR.lightboxImage} alt=""></dialog>
      </div>
      <div ${ATTR.lightboxGroup}><a href="/b.webp" ${ATTR.lightboxOpen}>B</a></div>
      <form ${ATTR.enquiryForm} ${ATTR.endpoint}="/api/enquiries"><input name="name"></form>`;
    const { window, $, click, errors, close } = open(html);
    expect($(withAttr(ATTR.heroVideoToggle)).hidden).toBe(true);
    click('a[href="/service/roofs"]');
    expect(window.document.body.lastElementChild?.tagName).toBe("FORM");
    click('a[href="/a.webp"]');
    const dialog = $<HTMLDialogElement>("dialog");
    expect(dialog.open).toBe(true);
    expect(dialog.querySelector("img")?.getAttribute("src")).toBe("/a.webp");
    expect(dialog.querySelector("img")?.alt).toBe("A roof");
    click('a[href="/b.webp"]');
    $("form").dispatchEvent(new window.SubmitEvent("submit", { bubbles: true, cancelable: true }));
    await vi.waitFor(() => expect($("#toasts [role=alert]")?.textContent).toContain(ENQUIRY_FAILED));
    expect(errors()).toEqual([]);
    await close();
  });
});
