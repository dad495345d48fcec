// Click-to-chat contact entries (docs/product.md#contact-details, docs/decisions/0068-chat-links-through-a-counting-redirect.md):
// WhatsApp and Viber, how people in the Maldives reach a company. Public pages link to our own redirect, which counts
// the click and sends the browser on: no script and no third-party request on the page.

export const CHAT_CHANNELS = ["whatsapp", "viber"] as const;
export type ChatChannel = (typeof CHAT_CHANNELS)[number];

export const CHAT_LABELS: Record<ChatChannel, string> = { whatsapp: "WhatsApp", viber: "Viber" };

export const isChatChannel = (value: string): value is ChatChannel => (CHAT_CHANNELS as readonly string[]).includes(value);

/** The Maldives' country code: a local number (seven digits) is taken to be Maldivian. */
const MALDIVES = "960";

/**
 * A chat number as stored: "+" and digits only, with its country code ("+960 777-1234" -> "+9607771234",
 * "7771234" -> "+9607771234", "00 44 7700 900123" -> "+447700900123"); null when it cannot be one.
 */
export function normaliseChatNumber(value: string): string | null {
  const compact = value.trim().replace(/[\s().-]/g, "");
  if (!/^(?:\+|00)?\d+$/.test(compact)) return null;
  const international = compact.startsWith("+") || compact.startsWith("00");
  const digits = compact.replace(/^(?:\+|00)/, "");
  if (!international && digits.length === 7) return `+${MALDIVES}${digits}`;
  // E.164: a country code and a number, at most 15 digits; never a leading zero.
  if (!international || digits.length < 8 || digits.length > 15 || digits.startsWith("0")) return null;
  return `+${digits}`;
}

/** Where a chat link finally goes: WhatsApp's and Viber's own links for a normalised number. */
export function chatTarget(channel: ChatChannel, number: string): string {
  const digits = number.replace(/\D/g, "");
  return channel === "whatsapp" ? `https://wa.me/${digits}` : `viber://chat?number=%2B${digits}`;
}

/**
 * The link the public pages show: our counting redirect (app/routes/public/chat.ts), named by the number's digits,
 * which it sends on only for a public entry of that channel (never an open redirect to any number).
 */
export const chatPath = (channel: ChatChannel, number: string) => `/contact/${channel}/${number.replace(/\D/g, "")}`;

/** "+9607771234" -> "+960 777 1234" for a Maldivian number; others as stored. */
export function displayChatNumber(number: string): string {
  const local = new RegExp(`^\\+${MALDIVES}(\\d{3})(\\d{4})$`).exec(number);
  return local ? `+${MALDIVES} ${local[1]} ${local[2]}` : number;
}
