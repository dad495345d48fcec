import { withCompanyNames } from "~/lib/company-name";
import type { SiteContent } from "~/validation/site-content";
import { COMPANY } from "./company";
import { ABOUT_DV, COMPANY_DV, FAQ_DV, FOOTER_DV, GALLERY_DV, HERO_DV, TESTIMONIALS_DV, WHY_DV } from "./site-content-dv";
import { ABOUT, FAQ, FOOTER_SERVICES, GALLERY, HERO, HERO_STATS, TESTIMONIAL_AVERAGE, TESTIMONIALS, WHY_CHOOSE_US } from "./site-content";

/**
 * The starting content of the site editor: the spec's fixed texts, so a new site looks exactly as
 * before anything is edited. A section without a published row in the database shows this. Each text comes with
 * its Dhivehi value (site-content-dv.ts; docs/decisions/0092-site-content-in-two-languages.md).
 */
export const DEFAULT_SITE_CONTENT: SiteContent = {
  hero: {
    eyebrow: HERO.eyebrow,
    title: HERO.title,
    description: HERO.description,
    stats: HERO_STATS.map((s, i) => ({ value: s.value, label: s.label, dv: { label: HERO_DV.stats[i] } })),
    primaryButton: "Get Free Quote",
    secondaryButton: "View Our Projects",
    dv: HERO_DV.dv,
  },
  about: {
    title: ABOUT.title,
    lead: ABOUT.lead,
    paragraphs: [...ABOUT.paragraphs],
    image: ABOUT.image,
    imageAlt: ABOUT.imageAlt,
    visionTitle: ABOUT.vision.title,
    vision: ABOUT.vision.statement,
    visionPoints: [...ABOUT.vision.points],
    missionTitle: ABOUT.mission.title,
    mission: ABOUT.mission.statement,
    missionPoints: [...ABOUT.mission.points],
    dv: ABOUT_DV,
  },
  why: {
    eyebrow: "Why Choose Us",
    title: "Built Right, Built to Last",
    intro: "Construction on islands is different. Here is why homeowners, resorts and councils across the Maldives trust us with their projects.",
    cards: WHY_CHOOSE_US.map((c, i) => ({ icon: c.icon, title: c.title, description: c.description, dv: WHY_DV.cards[i] })),
    dv: WHY_DV.dv,
  },
  testimonials: {
    eyebrow: "Testimonials",
    title: "What Our Clients Say",
    intro: "Homeowners, resort developers and businesses on working with our team.",
    average: TESTIMONIAL_AVERAGE,
    items: TESTIMONIALS.map((t, i) => ({ name: t.name, position: t.position, content: t.content, rating: t.rating, dv: TESTIMONIALS_DV.items[i] })),
    dv: TESTIMONIALS_DV.dv,
  },
  gallery: {
    eyebrow: "Gallery",
    title: "Our Work in Pictures",
    intro: "A look at our sites and finished buildings, from foundations to overwater villas.",
    items: GALLERY.map((g, i) => ({ src: g.src, title: g.title, category: g.category, alt: g.alt, dv: GALLERY_DV.items[i] })),
    dv: GALLERY_DV.dv,
  },
  faq: {
    eyebrow: "FAQ",
    title: "Frequently Asked Questions",
    intro: "Answers to what clients ask us most about building, renovating and maintaining property in the Maldives.",
    items: FAQ.map((f, i) => ({ question: f.question, answer: f.answer, dv: FAQ_DV.items[i] })),
    dv: FAQ_DV.dv,
  },
  footer: {
    description: COMPANY.description,
    services: FOOTER_SERVICES.map((name, i) => ({ name, link: "", dv: { name: FOOTER_DV.services[i] } })),
    dv: FOOTER_DV.dv,
  },
  company: { name: COMPANY.name, description: COMPANY.description, shareImage: COMPANY.defaultOgImage, dv: COMPANY_DV },
};

/** The starting content as visitors read it: `{company}` filled with the starting name (app/lib/company-name.ts). */
export const STARTING_SITE_CONTENT: SiteContent = withCompanyNames(DEFAULT_SITE_CONTENT, DEFAULT_SITE_CONTENT.company.name, DEFAULT_SITE_CONTENT.company.dv?.name);
