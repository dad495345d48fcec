import { COMPANY } from "~/content/company";
import type { Messages } from "~/i18n/en";
import { CHAT_CHANNELS, type ChatChannel, chatPath, displayChatNumber, normaliseChatNumber } from "./chat-links";

// Contact entries for the header, the contact section and the footer, from the public contact
// details with the fallbacks of docs/product.md#contact.

export interface PublicContact {
  type: string;
  label: string | null;
  value: string;
  icon: string | null;
  is_primary: boolean;
  /** On a Dhivehi page, the fields shown in English for want of a Dhivehi value (app/i18n/contact-details.ts). */
  fallback?: ReadonlyArray<"label" | "value">;
}

export interface ContactInfo {
  phones: PublicContact[];
  email: string;
  address: string;
  hours: string;
  website: string | null;
  socials: PublicContact[];
  /** WhatsApp and Viber entries: each a link to the counting redirect (docs/product.md#contact-details). */
  chats: ChatLink[];
  /** The address and hours shown in English on a Dhivehi page (docs/decisions/0092-site-content-in-two-languages.md). */
  fallback: { address: boolean; hours: boolean };
}

export interface ChatLink {
  /** Its name is the page's catalogue's (chatName in app/components/site/chat-icons.ts). */
  channel: ChatChannel;
  number: string;
  href: string;
  label: string | null;
  is_primary: boolean;
  /** The label is shown in English on a Dhivehi page, for want of a Dhivehi one (app/i18n/contact-details.ts). */
  labelInEnglish?: true;
}

/** The WhatsApp entries, then the Viber ones, each channel's primary first; an entry whose number is not one is left out. */
export function chatLinks(details: readonly PublicContact[]): ChatLink[] {
  return CHAT_CHANNELS.flatMap((channel) =>
    ofType(details, channel)
      .sort((a, b) => Number(b.is_primary) - Number(a.is_primary))
      .flatMap((d) => {
        const number = normaliseChatNumber(d.value);
        if (!number) return [];
        const link = { channel, number: displayChatNumber(number), href: chatPath(channel, number) };
        const english = d.label && d.fallback?.includes("label") ? { labelInEnglish: true as const } : {};
        return [{ ...link, label: d.label, is_primary: d.is_primary, ...english }];
      }),
  );
}

/** The header's chat links: each channel's primary (else first) entry. */
export const headerChats = (chats: readonly ChatLink[]) => chats.filter((c, i) => chats.findIndex((o) => o.channel === c.channel) === i);

const ofType = (details: readonly PublicContact[], type: string) => details.filter((d) => d.type === type && d.value.trim() !== "");
const preferred = (details: readonly PublicContact[], type: string) => {
  const list = ofType(details, type);
  return list.find((d) => d.is_primary) ?? list[0];
};

/** The primary phone entry, else the first phone entry, else null: what the FAQ, contact section and footer show. */
export function contactPhone(details: readonly PublicContact[]): string | null {
  return preferred(details, "phone")?.value.trim() ?? null;
}

/** The header phone: the primary phone entry, else the first phone entry, else the placeholder number. */
export function headerPhone(details: readonly PublicContact[]): string {
  return preferred(details, "phone")?.value.trim() ?? COMPANY.fallbackPhone;
}

/**
 * `words`: the page's catalogue (useMessages()), for the address and hours shown when no entry gives them; the English
 * ones by default.
 */
export function contactInfo(
  details: readonly PublicContact[],
  words: Pick<Messages, "placeholderAddress" | "placeholderHours"> = { placeholderAddress: COMPANY.fallbackAddress, placeholderHours: COMPANY.fallbackHours },
): ContactInfo {
  const phones = ofType(details, "phone");
  // The primary phone first, the others in display order.
  phones.sort((a, b) => Number(b.is_primary) - Number(a.is_primary));
  return {
    // The placeholder number is the header's fallback only: elsewhere no entry shows no phone (docs/decisions/0019-admin-toasts-and-hero-media.md).
    phones,
    email: preferred(details, "email")?.value.trim() ?? COMPANY.fallbackEmail,
    address: preferred(details, "address")?.value.trim() ?? words.placeholderAddress,
    hours: preferred(details, "hours")?.value.trim() ?? words.placeholderHours,
    website: preferred(details, "website")?.value.trim() ?? null,
    socials: ofType(details, "social").filter((d) => /^https?:\/\//i.test(d.value.trim())),
    chats: chatLinks(details),
    fallback: {
      address: preferred(details, "address")?.fallback?.includes("value") ?? false,
      hours: preferred(details, "hours")?.fallback?.includes("value") ?? false,
    },
  };
}

/** "+960 330 1234" -> "tel:+9603301234". */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** "https://atollconstruction.mv/" -> "atollconstruction.mv". */
export function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, "").replace(/\/$/, "");
}
