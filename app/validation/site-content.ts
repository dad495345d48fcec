import { z } from "zod";
import { clean, isSafeUrl } from "./fields";
import { URL_MAX } from "./constants";
import { withFormattedChecks } from "./formatted-text";

// The editable home page content (docs/decisions/0011-site-content-drafts.md): one schema per section,
// used by the Site Content editor in the browser and by the admin action on the server. Every field
// is plain text: React escapes it when the page renders, line breaks are kept (shown with
// white-space: pre-line), and control characters are stripped like everywhere else (fields.ts).

export const SECTION_KEYS = ["hero", "about", "why", "testimonials", "gallery", "faq", "footer", "company"] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export const SECTION_TITLES: Record<SectionKey, string> = {
  hero: "Hero",
  about: "About",
  why: "Why Choose Us",
  testimonials: "Testimonials",
  gallery: "Gallery",
  faq: "FAQ",
  footer: "Footer",
  company: "Company",
};

/** Length limits (characters) and list maximums, shared by the editor and the server. */
export const LIMITS = {
  short: 80,
  line: 160,
  text: 600,
  long: 2000,
  whyCards: 12,
  testimonials: 12,
  gallery: 24,
  faq: 30,
  footerServices: 12,
  bullets: 8,
  paragraphs: 6,
} as const;

export const FEATURE_ICONS = ["shield", "clock", "users", "award", "leaf", "handshake", "eye", "target"] as const;
export const FEATURE_ICON_LABELS: Record<(typeof FEATURE_ICONS)[number], string> = {
  shield: "Shield",
  clock: "Clock",
  users: "People",
  award: "Award",
  leaf: "Leaf",
  handshake: "Handshake",
  eye: "Eye",
  target: "Target",
};

const text = (label: string, max: number, required = true) => {
  const base = z
    .string({ error: `${label} is required` })
    .transform((v) => clean(v).replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, `${label} must be at most ${max} characters`));
  return required ? base.pipe(z.string().min(1, `${label} is required`)) : base;
};

/**
 * A Dhivehi value (docs/decisions/0092-site-content-in-two-languages.md): checked like its English field (cleaned,
 * limited, formatted text's rules), but optional: empty means "not translated yet" and is dropped, so the page
 * shows the English value, marked as English.
 */
const dvText = (label: string, max: number, formatted = false) => {
  const base = z
    .string({ error: `Dhivehi ${label.toLowerCase()} must be text` })
    .transform((v) => clean(v).replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(max, `Dhivehi ${label.toLowerCase()} must be at most ${max} characters`));
  const checked = formatted ? withFormattedChecks(base, `Dhivehi ${label.toLowerCase()}`) : base;
  return checked.transform((v) => (v === "" ? undefined : v)).optional();
};

/** A translated list of strings (paragraphs, bullets): one value, translated as a whole; empty entries dropped. */
const dvList = (label: string, max: number, count: number, formatted = false) =>
  z
    .array(z.string({ error: `Dhivehi ${label.toLowerCase()} must be text` }), { error: `Dhivehi ${label.toLowerCase()}s must be a list` })
    .max(count, `At most ${count} Dhivehi ${label.toLowerCase()}s`)
    .transform((list) => list.map((v) => clean(v).replace(/\r\n?/g, "\n").trim()).filter((v) => v !== ""))
    .pipe(z.array(formatted ? withFormattedChecks(z.string().max(max, `Dhivehi ${label.toLowerCase()} must be at most ${max} characters`), `Dhivehi ${label.toLowerCase()}`) : z.string().max(max, `Dhivehi ${label.toLowerCase()} must be at most ${max} characters`)))
    .transform((list) => (list.length === 0 ? undefined : list))
    .optional();

/** The `dv` object of a section or list entry: its Dhivehi values, each optional; unknown keys are dropped. */
const dv = <T extends z.ZodRawShape>(shape: T) => z.object(shape, { error: "The Dhivehi values must be an object" }).optional();

const imageUrl = (label: string, required = true) =>
  z
    .string({ error: `${label} is required` })
    .transform((v) => clean(v).trim())
    .pipe(z.string().max(URL_MAX, `${label} is too long`))
    .refine((v) => v !== "" || !required, `${label} is required`)
    .refine((v) => v === "" || isSafeUrl(v), `${label} must be an uploaded image or an http(s) URL`);

const list = <T extends z.ZodType>(item: T, max: number, label: string, min = 0) =>
  z
    .array(item, { error: `${label} must be a list` })
    .max(max, `At most ${max} ${label.toLowerCase()}`)
    .min(min, min === 1 ? `Add at least one entry to ${label.toLowerCase()}` : `${label} needs at least ${min} entries`);

/** The heading above a section's list: small line, heading and intro. */
const headingFields = {
  eyebrow: text("Small heading", 40),
  title: text("Section heading", LIMITS.line),
  intro: text("Section intro", LIMITS.text),
};
const dvHeadingFields = {
  eyebrow: dvText("Small heading", 40),
  title: dvText("Section heading", LIMITS.line),
  intro: dvText("Section intro", LIMITS.text),
};

export const HeroContentSchema = z.object({
  eyebrow: text("Badge line", LIMITS.line),
  title: text("Headline", LIMITS.line),
  description: text("Subtitle", LIMITS.text),
  stats: z
    .array(z.object({ value: text("Stat value", 12), label: text("Stat label", 40), dv: dv({ label: dvText("Stat label", 40) }) }))
    .length(3, "The hero shows exactly three stats"),
  primaryButton: text("Main button label", 40),
  secondaryButton: text("Second button label", 40),
  dv: dv({
    eyebrow: dvText("Badge line", LIMITS.line),
    title: dvText("Headline", LIMITS.line),
    description: dvText("Subtitle", LIMITS.text),
    primaryButton: dvText("Main button label", 40),
    secondaryButton: dvText("Second button label", 40),
  }),
});

export const AboutContentSchema = z.object({
  title: text("Heading", LIMITS.line),
  lead: text("Intro", LIMITS.text),
  // Formatted text, as the FAQ's answers (docs/decisions/0084-formatted-text-as-a-markdown-subset.md).
  paragraphs: list(withFormattedChecks(text("Paragraph", LIMITS.long), "Paragraph"), LIMITS.paragraphs, "Paragraphs"),
  image: imageUrl("Image"),
  imageAlt: text("Image description", LIMITS.line),
  visionTitle: text("Vision heading", LIMITS.short),
  vision: text("Vision text", LIMITS.text),
  visionPoints: list(text("Vision bullet", LIMITS.line), LIMITS.bullets, "Vision bullets"),
  missionTitle: text("Mission heading", LIMITS.short),
  mission: text("Mission text", LIMITS.text),
  missionPoints: list(text("Mission bullet", LIMITS.line), LIMITS.bullets, "Mission bullets"),
  dv: dv({
    title: dvText("Heading", LIMITS.line),
    lead: dvText("Intro", LIMITS.text),
    paragraphs: dvList("Paragraph", LIMITS.long, LIMITS.paragraphs, true),
    imageAlt: dvText("Image description", LIMITS.line),
    visionTitle: dvText("Vision heading", LIMITS.short),
    vision: dvText("Vision text", LIMITS.text),
    visionPoints: dvList("Vision bullet", LIMITS.line, LIMITS.bullets),
    missionTitle: dvText("Mission heading", LIMITS.short),
    mission: dvText("Mission text", LIMITS.text),
    missionPoints: dvList("Mission bullet", LIMITS.line, LIMITS.bullets),
  }),
});

export const WhyContentSchema = z.object({
  ...headingFields,
  cards: list(
    z.object({
      icon: z.enum(FEATURE_ICONS, { error: "Choose an icon from the list" }),
      title: text("Card title", LIMITS.short),
      description: text("Card text", LIMITS.text),
      dv: dv({ title: dvText("Card title", LIMITS.short), description: dvText("Card text", LIMITS.text) }),
    }),
    LIMITS.whyCards,
    "Cards",
    1,
  ),
  dv: dv(dvHeadingFields),
});

export const TestimonialsContentSchema = z.object({
  ...headingFields,
  average: z.coerce
    .number({ error: "Average rating must be a number" })
    .min(1, "Average rating must be between 1 and 5")
    .max(5, "Average rating must be between 1 and 5")
    .transform((v) => Math.round(v * 10) / 10),
  items: list(
    z.object({
      name: text("Name", LIMITS.short),
      position: text("Position", LIMITS.line),
      content: text("Quote", LIMITS.text),
      rating: z.coerce.number({ error: "Rating must be 1 to 5" }).int("Rating must be 1 to 5").min(1, "Rating must be 1 to 5").max(5, "Rating must be 1 to 5"),
      // Names stay as written: people spell their own names (docs/decisions/0092-site-content-in-two-languages.md).
      dv: dv({ position: dvText("Position", LIMITS.line), content: dvText("Quote", LIMITS.text) }),
    }),
    LIMITS.testimonials,
    "Testimonials",
  ),
  dv: dv(dvHeadingFields),
});

export const GalleryContentSchema = z.object({
  ...headingFields,
  items: list(
    z.object({
      src: imageUrl("Image"),
      title: text("Title", LIMITS.short),
      category: text("Category", 40),
      alt: text("Alt text", LIMITS.line),
      dv: dv({ title: dvText("Title", LIMITS.short), category: dvText("Category", 40), alt: dvText("Alt text", LIMITS.line) }),
    }),
    LIMITS.gallery,
    "Images",
  ),
  dv: dv(dvHeadingFields),
});

export const FaqContentSchema = z.object({
  ...headingFields,
  items: list(
    z.object({
      question: text("Question", LIMITS.line),
      answer: withFormattedChecks(text("Answer", LIMITS.long), "Answer"),
      dv: dv({ question: dvText("Question", LIMITS.line), answer: dvText("Answer", LIMITS.long, true) }),
    }),
    LIMITS.faq,
    "Questions",
  ),
  dv: dv(dvHeadingFields),
});

/** A footer service links to a service page (`/service/<id>`) or to nothing. */
const serviceLink = z
  .string()
  .transform((v) => clean(v).trim())
  .refine((v) => v === "" || /^\/service\/[A-Za-z0-9_-]{1,64}$/.test(v), "Choose a service page from the list");

export const FooterContentSchema = z.object({
  description: text("Company text", LIMITS.text),
  services: list(z.object({ name: text("Service name", LIMITS.short), link: serviceLink, dv: dv({ name: dvText("Service name", LIMITS.short) }) }), LIMITS.footerServices, "Services"),
  dv: dv({ description: dvText("Company text", LIMITS.text) }),
});

export const CompanyContentSchema = z.object({
  name: text("Company name", LIMITS.short),
  description: text("Meta description", 300),
  // Empty: link previews show the hero (docs/product.md#search-engines-and-link-previews).
  shareImage: imageUrl("Share image", false),
  dv: dv({ name: dvText("Company name", LIMITS.short), description: dvText("Meta description", 300) }),
});

export const SECTION_SCHEMAS = {
  hero: HeroContentSchema,
  about: AboutContentSchema,
  why: WhyContentSchema,
  testimonials: TestimonialsContentSchema,
  gallery: GalleryContentSchema,
  faq: FaqContentSchema,
  footer: FooterContentSchema,
  company: CompanyContentSchema,
} as const;

export type HeroContent = z.output<typeof HeroContentSchema>;
export type AboutContent = z.output<typeof AboutContentSchema>;
export type WhyContent = z.output<typeof WhyContentSchema>;
export type TestimonialsContent = z.output<typeof TestimonialsContentSchema>;
export type GalleryContent = z.output<typeof GalleryContentSchema>;
export type FaqContent = z.output<typeof FaqContentSchema>;
export type FooterContent = z.output<typeof FooterContentSchema>;
export type CompanyContent = z.output<typeof CompanyContentSchema>;

export interface SiteContent {
  hero: HeroContent;
  about: AboutContent;
  why: WhyContent;
  testimonials: TestimonialsContent;
  gallery: GalleryContent;
  faq: FaqContent;
  footer: FooterContent;
  company: CompanyContent;
}

export const isSectionKey = (value: unknown): value is SectionKey => typeof value === "string" && (SECTION_KEYS as readonly string[]).includes(value);

/** The editor posts a section as JSON; a body larger than this is refused before parsing. */
export const SECTION_JSON_MAX = 200_000;

/** Field errors keyed by the dotted path the editor uses ("items.2.title"), first message each. */
export function contentFieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "form";
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}

/** Parses one section's JSON text: the clean content, or field errors. */
export function parseSection<K extends SectionKey>(
  section: K,
  json: string,
): { success: true; data: SiteContent[K] } | { success: false; fieldErrors: Record<string, string> } {
  if (json.length > SECTION_JSON_MAX) return { success: false, fieldErrors: { form: "The section is too large" } };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return { success: false, fieldErrors: { form: "The section could not be read" } };
  }
  const parsed = SECTION_SCHEMAS[section].safeParse(value);
  return parsed.success ? { success: true, data: parsed.data as SiteContent[K] } : { success: false, fieldErrors: contentFieldErrors(parsed.error) };
}

/** Initials shown on a testimonial: the first letters of the first and last word of the name. */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return "?";
  const first = Array.from(words[0])[0] ?? "";
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** One section as the admin editor opens it (app/.server/models/site-content.ts reads it; the Site Content page shows it). */
export interface SectionState<K extends SectionKey = SectionKey> {
  section: K;
  /** The draft when there is one, else the published (or starting) content: what the editor opens with. */
  content: SiteContent[K];
  hasDraft: boolean;
  /** The revision the editor started from; a save names it. 0: never written. */
  revision: number;
  draftUpdatedAt: string | null;
  draftUpdatedBy: string | null;
  publishedAt: string | null;
  publishedBy: string | null;
}

/** A published version of a section, in its History. */
export interface ContentVersion<K extends SectionKey = SectionKey> {
  id: string;
  /** 0 for the starting content. */
  version: number;
  content: SiteContent[K];
  /** null for the starting content, which no one published. */
  createdAt: string | null;
  createdBy: string | null;
  /** Published by a schedule rather than by hand (docs/decisions/0086-scheduled-publish.md). */
  scheduled?: boolean;
}
