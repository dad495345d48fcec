import type { ChatChannel } from "~/lib/chat-links";
import type { Messages } from "~/i18n/en";
import type { IconName } from "./icon";

/** The sprite's icon of each chat channel (brand marks are not in lucide): a speech bubble, a phone ringing. */
export const CHAT_ICONS: Record<ChatChannel, IconName> = { whatsapp: "message-circle", viber: "phone-call" };

/** Each channel's name in the page's language: the catalogue's word (Thaana on a Dhivehi page), as NAV_LABEL's. */
export const CHAT_NAME: Record<ChatChannel, keyof Messages> = { whatsapp: "whatsApp", viber: "viber" };

/** A chat link's name in the page's language (`m` is useMessages()). */
export const chatName = (m: Messages, channel: ChatChannel) => m[CHAT_NAME[channel]] as string;
