import { Window } from "happy-dom";
import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { SAMPLE_PROJECTS } from "~/content/site-content";
import { DEFAULT_SITE_CONTENT, STARTING_SITE_CONTENT } from "~/content/default-site-content";
import { dv } from "~/i18n/dv";
import { pageAddress, PageAddressContext } from "~/i18n/page-address";
import { ATTR } from "~/islands/attributes";
import { contactInfo, type PublicContact } from "~/lib/contact-info";
import { DEFAULT_SETTINGS, type SiteSettings } from "~/validation/settings";
import { AboutSection } from "./about-section";
import { ProjectCard } from "./cards";
import { ContactSection } from "./contact-section";
import { DetailGallery, FeaturedImage } from "./detail-parts";
import { GallerySection } from "./gallery-section";
import { type SiteChromeData, SiteShell } from "./site-shell";

// On a Dhivehi page, what a visitor's screen reader meets in English is marked lang="en" as visible text that fell
// back is (docs/decisions/0092-site-content-in-two-languages.md): pictures' alt texts, logos, contact labels and the
// names made around an English title; a fixed word (a chat app's or a social platform's name) is the catalogue's.
// English pages carry no mark at all.

/** `element` as the page at `path` renders it, parsed. */
function render(element: React.ReactElement, path = "/dv") {
  const router = createMemoryRouter([{ path: "*", element: <PageAddressContext value={pageAddress(path)}>{element}</PageAddressContext> }], {
    initialEntries: [path],
  });
  const html = renderToStaticMarkup(<RouterProvider router={router} />);
  const document = new Window().document;
  document.body.innerHTML = html;
  return { html, $: (selector: string) => document.querySelector(selector), $$: (selector: string) => [...document.querySelectorAll(selector)] };
}

const contact = (entry: Partial<PublicContact> & Pick<PublicContact, "type" | "value">): PublicContact => ({ label: null, icon: null, is_primary: false, ...entry });

const chrome = (settings: Partial<SiteSettings> = {}, contactDetails: PublicContact[] = [], fallback: SiteChromeData["fallback"] = {}): SiteChromeData => ({
  settings: { ...DEFAULT_SETTINGS, ...settings },
  contactDetails,
  fallback,
});

describe("pictures whose alt text is English on a Dhivehi page", () => {
  it("About's picture is marked when its alt fell back, and only then", () => {
    const fell = render(<AboutSection fallback={["imageAlt"]} />).$("#about img");
    expect(fell?.getAttribute("lang")).toBe("en");
    // An image shows no line of text: the language is enough.
    expect(fell?.hasAttribute("dir")).toBe(false);
    expect(render(<AboutSection fallback={[]} />).$("#about img")?.hasAttribute("lang")).toBe(false);
  });

  it("a detail page's featured image: the media library's alt (English) or a title that fell back", () => {
    const src = "/uploads/roof.webp";
    const img = ({ title = "ފެންމަތީ ވިލާ", ...props }: Partial<Omit<React.ComponentProps<typeof FeaturedImage>, "record">> & { title?: string }, path = "/dv") =>
      render(<FeaturedImage record={{ title, featured_image_url: src }} alts={{}} {...props} />, path).$("img");
    expect(img({ alts: { [src]: "A roof of palm thatch" } })?.getAttribute("lang")).toBe("en");
    expect(img({ title: "Water villas", altInEnglish: true })?.getAttribute("lang")).toBe("en");
    expect(img({})?.hasAttribute("lang")).toBe(false);
    expect(img({ alts: { [src]: "A roof of palm thatch" } }, "/")?.hasAttribute("lang")).toBe(false);
  });

  it("a detail page's gallery: an English alt is English as a whole, thumbnail and viewer alike", () => {
    const images = ["/uploads/a.webp", "/uploads/b.webp"];
    const { $$ } = render(<DetailGallery images={images} title="ވިލާ" alts={{ "/uploads/a.webp": "A jetty at dusk" }} />);
    const [first, second] = $$("[data-lightbox-open]");
    expect(first.querySelector("img")?.getAttribute("alt")).toBe("View A jetty at dusk");
    expect(first.querySelector("img")?.getAttribute("lang")).toBe("en");
    expect(first.getAttribute(ATTR.imageEnglish)).toBe("alt");
    // Its own alt, made of the Dhivehi title, is Dhivehi: no mark.
    expect(second.querySelector("img")?.getAttribute("alt")).toBe(dv.viewAlt(dv.imageOf("ވިލާ", 2, 2)));
    expect(second.querySelector("img")?.hasAttribute("lang")).toBe(false);
    expect(second.hasAttribute(ATTR.imageEnglish)).toBe(false);

    // A title that fell back: the alt made of it is English, and the viewer's title is too.
    const english = render(<DetailGallery images={images} title="Villa" titleInEnglish />).$$("[data-lightbox-open]")[1];
    expect(english.querySelector("img")?.getAttribute("alt")).toBe("View Villa, image 2 of 2");
    expect(english.querySelector("img")?.getAttribute("lang")).toBe("en");
    expect(english.getAttribute(ATTR.imageEnglish)).toBe("alt title");
  });

  it("the home gallery tells the viewer which of an image's texts fell back", () => {
    const { $$ } = render(<GallerySection fallback={["items.0.alt", "items.0.title", "items.1.category"]} />);
    const links = $$("[data-lightbox-open]");
    expect(links.map((a) => a.getAttribute(ATTR.imageEnglish))).toEqual(["alt title", "caption", ...Array(links.length - 2).fill(null)]);
  });

  it("a logo: the settings' text has no Dhivehi; the company's name may have fallen back", () => {
    const textLogo = render(
      <SiteShell chrome={chrome({ header_logo_type: "text", header_logo_text: "Atoll Build" })}>
        <p>page</p>
      </SiteShell>,
    ).$("header .logo span:last-child");
    expect(textLogo?.textContent).toBe("Atoll Build");
    expect([textLogo?.getAttribute("lang"), textLogo?.getAttribute("dir")]).toEqual(["en", "ltr"]);

    const imageLogo = render(
      <SiteShell chrome={chrome({ header_logo_type: "image", header_logo_image_url: "/uploads/logo.png" }, [], { company: ["name"] })}>
        <p>page</p>
      </SiteShell>,
    ).$("header img");
    expect(imageLogo?.getAttribute("alt")).toBe(STARTING_SITE_CONTENT.company.name);
    expect(imageLogo?.getAttribute("lang")).toBe("en");

    // The company's Dhivehi name, or a logo text written in Thaana: no mark.
    const { $ } = render(
      <SiteShell chrome={{ ...chrome({ footer_logo_type: "text", footer_logo_text: "އެޓޯލް" }), company: { ...STARTING_SITE_CONTENT.company, name: "އެޓޯލް ކޮންސްޓްރަކްޝަން" } }}>
        <p>page</p>
      </SiteShell>,
    );
    expect($("header .logo span:last-child")?.hasAttribute("lang")).toBe(false);
    expect($("footer .logo span:last-child")?.hasAttribute("lang")).toBe(false);
  });
});

describe("contact details on a Dhivehi page", () => {
  const details = [
    contact({ type: "whatsapp", value: "+960 777 1234", label: "Sales", fallback: ["label"] }),
    contact({ type: "viber", value: "+960 777 5678", label: "ވިޔަފާރި" }),
    contact({ type: "social", value: "https://facebook.com/atoll", label: "Our page", fallback: ["label"] }),
    contact({ type: "social", value: "https://instagram.com/atoll" }),
  ];

  it("names the chat apps and social platforms in Thaana, from the catalogue, in the header and the footer", () => {
    const { html, $$ } = render(
      <SiteShell chrome={chrome({}, details)}>
        <p>page</p>
      </SiteShell>,
    );
    for (const name of ["WhatsApp", "Viber"]) expect(html).not.toContain(name);
    const chats = $$('header a[href^="/contact/"], footer a[href^="/contact/"]');
    // The header's top bar and menu, and the footer: each channel three times.
    expect(chats.filter((a) => a.textContent?.includes(dv.whatsApp))).toHaveLength(3);
    expect(chats.filter((a) => a.textContent?.includes(dv.viber))).toHaveLength(3);
    expect($$("header .topbar-links a[aria-label]").map((a) => a.getAttribute("aria-label"))).toContain(dv.chatOn(dv.whatsApp, "+960 777 1234"));
    const socials = $$("footer .socials a");
    expect(socials.map((a) => [a.getAttribute("aria-label"), a.getAttribute("lang")])).toEqual([
      ["Our page", "en"],
      [dv.socialName("instagram"), null],
    ]);
  });

  it("says the placeholder address and hours, shown while no entry gives them, in Dhivehi", () => {
    const { html } = render(
      <SiteShell chrome={chrome()}>
        <p>page</p>
      </SiteShell>,
    );
    for (const text of ["Male, Maldives", "Mon - Sat"]) expect(html).not.toContain(text);
    expect(html).toContain(dv.placeholderAddress);
    // In the header's top bar and the footer.
    expect(html.split(dv.placeholderHours)).toHaveLength(3);
  });

  it("marks a chat's label that fell back to English in the contact section", () => {
    const { $$ } = render(<ContactSection info={contactInfo(details)} formToken="token" />);
    const labels = $$("#contact .contact-list span[dir]").filter((s) => /Sales|ވިޔަފާރި/.test(s.textContent ?? ""));
    expect(labels.map((s) => [s.textContent, s.getAttribute("lang"), s.getAttribute("dir")])).toEqual([
      ["(Sales)", "en", "ltr"],
      ["(ވިޔަފާރި)", null, "auto"],
    ]);
    expect($$("#contact h3").map((h) => h.textContent)).toEqual(expect.arrayContaining([dv.whatsApp, dv.viber]));
  });
});

describe("a name made around a title that fell back", () => {
  it("a project card's progress bar is named in English, and marked", () => {
    const project = { ...SAMPLE_PROJECTS[1], id: "p-1", title: "Staff Housing", fallback: ["title"] };
    const bar = render(<ProjectCard project={project} />).$("[role=progressbar]");
    expect(bar?.getAttribute("aria-label")).toBe("Staff Housing progress");
    expect(bar?.getAttribute("lang")).toBe("en");
    const translated = render(<ProjectCard project={{ ...project, title: "ގެތައް", fallback: [] }} />).$("[role=progressbar]");
    expect(translated?.getAttribute("aria-label")).toBe(dv.progressOf("ގެތައް"));
    expect(translated?.hasAttribute("lang")).toBe(false);
  });
});

describe("the English pages", () => {
  it("carry no language mark, and keep their English names", () => {
    const details = [contact({ type: "whatsapp", value: "+960 777 1234", label: "Sales" }), contact({ type: "social", value: "https://instagram.com/atoll" })];
    const { html } = render(
      <SiteShell chrome={chrome({ header_logo_type: "text", header_logo_text: "Atoll Build" }, details)}>
        <AboutSection />
        <GallerySection content={DEFAULT_SITE_CONTENT.gallery} />
        <FeaturedImage record={{ title: "Villa", featured_image_url: "/uploads/a.webp" }} alts={{ "/uploads/a.webp": "A jetty" }} />
        <DetailGallery images={["/uploads/a.webp"]} title="Villa" alts={{ "/uploads/a.webp": "A jetty" }} />
        <ContactSection info={contactInfo(details)} formToken="token" />
      </SiteShell>,
      "/",
    );
    expect(html).not.toContain('lang="en"');
    expect(html).not.toContain(ATTR.imageEnglish);
    expect(html).toContain(">WhatsApp<");
    expect(html).toContain('aria-label="instagram"');
    expect(render(<SiteShell chrome={chrome()}>page</SiteShell>, "/").html).toContain("Male, Maldives");
  });
});
