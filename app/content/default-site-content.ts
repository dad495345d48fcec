import { withCompanyName } from "~/lib/company-name";
import type { SiteContent } from "~/validation/site-content";
import { COMPANY } from "./company";
import { ABOUT, FAQ, FOOTER_SERVICES, GALLERY, HERO, HERO_STATS, TESTIMONIAL_AVERAGE, TESTIMONIALS, WHY_CHOOSE_US } from "./site-content";

/**
 * The starting content of the site editor: the spec's fixed texts, so a new site looks exactly as
 * before anything is edited. A section without a published row in the database shows this.
 */
export const DEFAULT_SITE_CONTENT: SiteContent = {
  hero: {
    eyebrow: HERO.eyebrow,
    title: HERO.title,
    description: HERO.description,
    stats: HERO_STATS.map((s) => ({ value: s.value, label: s.label })),
    primaryButton: "Get Free Quote",
    secondaryButton: "View Our Projects",
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
  },
  why: {
    eyebrow: "Why Choose Us",
    title: "Built Right, Built to Last",
    intro: "Construction on islands is different. Here is why homeowners, resorts and councils across the Maldives trust us with their projects.",
    cards: WHY_CHOOSE_US.map((c) => ({ icon: c.icon, title: c.title, description: c.description })),
  },
  testimonials: {
    eyebrow: "Testimonials",
    title: "What Our Clients Say",
    intro: "Homeowners, resort developers and businesses on working with our team.",
    average: TESTIMONIAL_AVERAGE,
    items: TESTIMONIALS.map((t) => ({ name: t.name, position: t.position, content: t.content, rating: t.rating })),
  },
  gallery: {
    eyebrow: "Gallery",
    title: "Our Work in Pictures",
    intro: "A look at our sites and finished buildings, from foundations to overwater villas.",
    items: GALLERY.map((g) => ({ src: g.src, title: g.title, category: g.category, alt: g.alt })),
  },
  faq: {
    eyebrow: "FAQ",
    title: "Frequently Asked Questions",
    intro: "Answers to what clients ask us most about building, renovating and maintaining property in the Maldives.",
    items: FAQ.map((f) => ({ question: f.question, answer: f.answer })),
  },
  footer: { description: COMPANY.description, services: FOOTER_SERVICES.map((name) => ({ name, link: "" })) },
  company: { name: COMPANY.name, description: COMPANY.description, shareImage: COMPANY.defaultOgImage },
};

/** The starting content as visitors read it: `{company}` filled with the starting name (app/lib/company-name.ts). */
export const STARTING_SITE_CONTENT: SiteContent = withCompanyName(DEFAULT_SITE_CONTENT, DEFAULT_SITE_CONTENT.company.name);
