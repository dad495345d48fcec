import { redirect } from "react-router";
import type { Route } from "./+types/chat";
import { countChatClick } from "~/.server/insight/chat-clicks";
import { listPublicContactDetails } from "~/.server/models/contact-details";
import { chatTarget, isChatChannel, normaliseChatNumber } from "~/lib/chat-links";

// A WhatsApp or Viber link of the public pages (docs/product.md#contact-details): counts the click as a conversion
// and sends the browser on to the app's own link. Only to a number a public entry of that channel holds: never an
// open redirect (docs/decisions/0068-chat-links-through-a-counting-redirect.md).

const NOT_FOUND = { status: 404, headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex" } };

export async function loader({ request, params }: Route.LoaderArgs) {
  const { channel, number } = params;
  if (!isChatChannel(channel) || !/^\d{8,15}$/.test(number)) throw new Response("Not Found", NOT_FOUND);
  const details = await listPublicContactDetails();
  const entry = details.find((d) => d.type === channel && normaliseChatNumber(d.value) === `+${number}`);
  if (!entry) throw new Response("Not Found", NOT_FOUND);
  await countChatClick(request, channel);
  // Never kept by a browser or a proxy: each click is a request the server sees.
  return redirect(chatTarget(channel, `+${number}`), { headers: { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" } });
}
