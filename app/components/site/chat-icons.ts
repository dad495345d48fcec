import type { ChatChannel } from "~/lib/chat-links";
import type { IconName } from "./icon";

/** The sprite's icon of each chat channel (brand marks are not in lucide): a speech bubble, a phone ringing. */
export const CHAT_ICONS: Record<ChatChannel, IconName> = { whatsapp: "message-circle", viber: "phone-call" };
