import { FORMATTING_HINT } from "../formatting";
import { FEATURE_ICON_LABELS, FEATURE_ICONS, LIMITS, type SectionKey } from "~/validation/site-content";

// What each Site Content editor shows: the fields of a section in page order, described once so one
// editor (section-editor.tsx) and one read-only view (history) serve every section. Keys and limits
// match the section's schema in app/validation/site-content.ts.

export type ScalarField =
  /** `formatted`: the textarea has the formatting toolbar (docs/decisions/0084-formatted-text-as-a-markdown-subset.md). */
  | { kind: "text" | "textarea"; key: string; label: string; max: number; rows?: number; hint?: string; formatted?: boolean }
  /** `alt`: the key of the text beside it that describes the picture, emptied when the picture is replaced. */
  | { kind: "image"; key: string; label: string; folder: "featured" | "gallery"; alt?: string }
  | { kind: "icon"; key: string; label: string }
  | { kind: "rating"; key: string; label: string }
  | { kind: "average"; key: string; label: string }
  | { kind: "service"; key: string; label: string };

export interface ListField {
  kind: "list";
  key: string;
  label: string;
  /** The name of one entry ("card"), used in button names: "Move card 2 up". */
  itemName: string;
  max: number;
  /** A fixed number of entries: no add, remove or reorder (the hero's three stats). */
  fixed?: boolean;
  /** Entries are plain strings edited with this field (its key is ignored)... */
  text?: Extract<ScalarField, { kind: "text" | "textarea" }>;
  /** ...or objects with these fields. */
  fields?: ScalarField[];
  /** A new, empty entry. */
  empty: () => unknown;
}

export type Field = ScalarField | ListField;

/** The heading above a section's list (the same three fields in four sections). */
const HEADING: Field[] = [
  { kind: "text", key: "eyebrow", label: "Small heading", max: 40 },
  { kind: "text", key: "title", label: "Section heading", max: LIMITS.line },
  { kind: "textarea", key: "intro", label: "Section intro", max: LIMITS.text, rows: 2 },
];

export const ICON_OPTIONS = FEATURE_ICONS.map((value) => ({ value, label: FEATURE_ICON_LABELS[value] }));

export const SECTION_FIELDS: Record<SectionKey, Field[]> = {
  hero: [
    { kind: "text", key: "eyebrow", label: "Badge line", max: LIMITS.line },
    { kind: "text", key: "title", label: "Headline", max: LIMITS.line },
    { kind: "textarea", key: "description", label: "Subtitle", max: LIMITS.text, rows: 3 },
    {
      kind: "list",
      key: "stats",
      label: "Stats",
      itemName: "stat",
      max: 3,
      fixed: true,
      fields: [
        { kind: "text", key: "value", label: "Value", max: 12 },
        { kind: "text", key: "label", label: "Label", max: 40 },
      ],
      empty: () => ({ value: "", label: "" }),
    },
    { kind: "text", key: "primaryButton", label: "Main button label", max: 40 },
    { kind: "text", key: "secondaryButton", label: "Second button label", max: 40 },
  ],
  about: [
    { kind: "text", key: "title", label: "Heading", max: LIMITS.line },
    { kind: "textarea", key: "lead", label: "Intro", max: LIMITS.text, rows: 2 },
    {
      kind: "list",
      key: "paragraphs",
      label: "Paragraphs",
      itemName: "paragraph",
      max: LIMITS.paragraphs,
      text: { kind: "textarea", key: "", label: "Paragraph", max: LIMITS.long, rows: 4, formatted: true, hint: FORMATTING_HINT },
      empty: () => "",
    },
    { kind: "image", key: "image", label: "Image", folder: "featured", alt: "imageAlt" },
    { kind: "text", key: "imageAlt", label: "Image description (alt text)", max: LIMITS.line },
    { kind: "text", key: "visionTitle", label: "Vision heading", max: LIMITS.short },
    { kind: "textarea", key: "vision", label: "Vision text", max: LIMITS.text, rows: 3 },
    {
      kind: "list",
      key: "visionPoints",
      label: "Vision bullets",
      itemName: "vision bullet",
      max: LIMITS.bullets,
      text: { kind: "text", key: "", label: "Bullet", max: LIMITS.line },
      empty: () => "",
    },
    { kind: "text", key: "missionTitle", label: "Mission heading", max: LIMITS.short },
    { kind: "textarea", key: "mission", label: "Mission text", max: LIMITS.text, rows: 3 },
    {
      kind: "list",
      key: "missionPoints",
      label: "Mission bullets",
      itemName: "mission bullet",
      max: LIMITS.bullets,
      text: { kind: "text", key: "", label: "Bullet", max: LIMITS.line },
      empty: () => "",
    },
  ],
  why: [
    ...HEADING,
    {
      kind: "list",
      key: "cards",
      label: "Cards",
      itemName: "card",
      max: LIMITS.whyCards,
      fields: [
        { kind: "icon", key: "icon", label: "Icon" },
        { kind: "text", key: "title", label: "Title", max: LIMITS.short },
        { kind: "textarea", key: "description", label: "Text", max: LIMITS.text, rows: 3 },
      ],
      empty: () => ({ icon: "shield", title: "", description: "" }),
    },
  ],
  testimonials: [
    ...HEADING,
    { kind: "average", key: "average", label: "Average rating shown" },
    {
      kind: "list",
      key: "items",
      label: "Testimonials",
      itemName: "testimonial",
      max: LIMITS.testimonials,
      fields: [
        { kind: "text", key: "name", label: "Name", max: LIMITS.short, hint: "The initials are taken from the name." },
        { kind: "text", key: "position", label: "Position", max: LIMITS.line },
        { kind: "textarea", key: "content", label: "Quote", max: LIMITS.text, rows: 3 },
        { kind: "rating", key: "rating", label: "Rating" },
      ],
      empty: () => ({ name: "", position: "", content: "", rating: 5 }),
    },
  ],
  gallery: [
    ...HEADING,
    {
      kind: "list",
      key: "items",
      label: "Images",
      itemName: "image",
      max: LIMITS.gallery,
      fields: [
        { kind: "image", key: "src", label: "Image", folder: "gallery", alt: "alt" },
        { kind: "text", key: "title", label: "Title", max: LIMITS.short },
        { kind: "text", key: "category", label: "Category", max: 40 },
        { kind: "text", key: "alt", label: "Alt text", max: LIMITS.line, hint: "What the image shows, for people who cannot see it." },
      ],
      empty: () => ({ src: "", title: "", category: "", alt: "" }),
    },
  ],
  faq: [
    ...HEADING,
    {
      kind: "list",
      key: "items",
      label: "Questions",
      itemName: "question",
      max: LIMITS.faq,
      fields: [
        { kind: "text", key: "question", label: "Question", max: LIMITS.line },
        { kind: "textarea", key: "answer", label: "Answer", max: LIMITS.long, rows: 3, formatted: true, hint: FORMATTING_HINT },
      ],
      empty: () => ({ question: "", answer: "" }),
    },
  ],
  footer: [
    { kind: "textarea", key: "description", label: "Company text", max: LIMITS.text, rows: 3 },
    {
      kind: "list",
      key: "services",
      label: "Services",
      itemName: "service",
      max: LIMITS.footerServices,
      fields: [
        { kind: "text", key: "name", label: "Service name", max: LIMITS.short },
        { kind: "service", key: "link", label: "Links to" },
      ],
      empty: () => ({ name: "", link: "" }),
    },
  ],
  company: [
    { kind: "text", key: "name", label: "Company name", max: LIMITS.short, hint: "Shown as the text logo, in page titles, the copyright line, search-engine data, emails, the admin's sidebar and wherever a text says {company}." },
    { kind: "textarea", key: "description", label: "Meta description", max: 300, rows: 3, hint: "What search engines and link previews show under the site's name." },
    { kind: "image", key: "shareImage", label: "Share image", folder: "featured" },
  ],
};

export const SECTION_DESCRIPTIONS: Record<SectionKey, string> = {
  hero: "The first screen of the home page: badge line, headline, subtitle, stats and button labels.",
  about: "The About section: heading, intro, image, vision and mission.",
  why: "The 'Why Choose Us' cards.",
  testimonials: "Client quotes and the average rating shown above them.",
  gallery: "The images of 'Our Work in Pictures'.",
  faq: "Questions and answers.",
  footer: "The footer's company text and its list of services.",
  company: "The company's name, the default meta description and the share image of every page (without one, the hero's picture).",
};
