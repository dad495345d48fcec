import { describe, expect, it } from "vitest";
import { getContactDetail, listContactDetails } from "~/.server/models/contact-details";
import { stopInsight } from "~/.server/insight/insight";
import { SiteShell } from "~/components/site/site-shell";
import { action } from "~/routes/admin/contact-details";
import * as insight from "~/routes/admin/insight";
import * as chat from "~/routes/public/chat";
import * as home from "~/routes/public/home";
import { CHAT_NUMBER_ERROR } from "~/validation/contact-detail";
import { useTestDatabase } from "../setup/database";
import { adminSession, call, decodeHtml, getRequest, postRequest, renderPage } from "./admin-support";

// WhatsApp and Viber contact entries (docs/product.md#contact-details): a normalised number, plain links on the public
// pages to the site's own redirect, which counts a click as a conversion in Insight
// (docs/decisions/0068-chat-links-through-a-counting-redirect.md).

useTestDatabase();

const PATH = "/admin/contact-details";
const BROWSER = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const click = (path: string, headers: Record<string, string> = {}) =>
  call(chat.loader, new Request(`http://localhost:3000${path}`, { headers: { "user-agent": BROWSER, "sec-fetch-dest": "document", "x-client-ip": "203.0.113.90", ...headers } }), {
    channel: path.split("/")[2],
    number: path.split("/")[3],
  });

describe("WhatsApp and Viber contact entries", () => {
  it("refuses a number that cannot be one with a field error, and stores a good one normalised", async () => {
    const { cookie } = await adminSession();
    for (const value of ["call me", "12345", "960 777 1234"]) {
      const refused = await call(action, postRequest(PATH, { intent: "create", type: "whatsapp", value, is_public: "true" }, cookie));
      expect(refused.status).toBe(400);
      expect(refused.data).toMatchObject({ ok: false, fieldErrors: { value: CHAT_NUMBER_ERROR } });
    }
    expect(await listContactDetails()).toEqual([]);
    const whatsapp = await call(action, postRequest(PATH, { intent: "create", type: "whatsapp", label: "Sales", value: "777 1234", is_public: "true", is_primary: "true" }, cookie));
    const viber = await call(action, postRequest(PATH, { intent: "create", type: "viber", value: "+960 (765) 4321", is_public: "true" }, cookie));
    expect(await getContactDetail(whatsapp.data.id as string)).toMatchObject({ type: "whatsapp", value: "+9607771234" });
    expect(await getContactDetail(viber.data.id as string)).toMatchObject({ type: "viber", value: "+9607654321" });
  });

  it("links from the header, contact section and footer to the counting redirect, which sends the browser on", async () => {
    const { cookie } = await adminSession();
    await call(action, postRequest(PATH, { intent: "create", type: "whatsapp", value: "+960 777 1234", is_public: "true" }, cookie));
    await call(action, postRequest(PATH, { intent: "create", type: "viber", value: "+960 765 4321", is_public: "true" }, cookie));
    await call(action, postRequest(PATH, { intent: "create", type: "whatsapp", value: "+960 700 0000", is_public: "false" }, cookie));

    const page = await call<Parameters<typeof SiteShell>[0]>(home.loader, getRequest("/"));
    const html = decodeHtml(renderPage(((props: { loaderData: Parameters<typeof SiteShell>[0] }) => SiteShell({ chrome: props.loaderData.chrome, children: null })) as never, "/", page.data));
    // Header (a link each, named with its number), contact section and footer: plain links, no script, nothing of another site.
    expect(html).toContain('href="/contact/whatsapp/9607771234" rel="nofollow" aria-label="Chat on WhatsApp: +960 777 1234"');
    expect(html).toContain('href="/contact/viber/9607654321" rel="nofollow" aria-label="Chat on Viber: +960 765 4321"');
    // The number reads left to right inside a Dhivehi sentence too (docs/decisions/0090-thaana-type-and-right-to-left.md).
    expect(html).toContain('WhatsApp: <bdi dir="ltr">+960 777 1234</bdi></a>');
    expect(html).not.toContain("wa.me");
    expect(html).not.toContain("9607000000");

    const sent = await click("/contact/whatsapp/9607771234");
    expect(sent).toMatchObject({ status: 302, location: "https://wa.me/9607771234" });
    expect(sent.headers?.get("Cache-Control")).toBe("no-store");
    expect(await click("/contact/viber/9607654321")).toMatchObject({ status: 302, location: "viber://chat?number=%2B9607654321" });
    // A bot and a signed-in admin are sent on, not counted; a number no public entry holds is not a redirect at all.
    expect((await click("/contact/whatsapp/9607771234", { "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" })).status).toBe(302);
    expect((await click("/contact/whatsapp/9607771234", { cookie })).status).toBe(302);
    for (const path of ["/contact/whatsapp/9607000000", "/contact/viber/9607771234", "/contact/telegram/9607771234", "/contact/whatsapp/x"]) {
      expect((await click(path)).status, path).toBe(404);
    }

    const report = await call<{ chatChannels: Array<{ label: string; count: number }>; chatSources: Array<{ label: string; count: number }> }>(insight.loader, getRequest("/admin/insight", cookie));
    expect(report.data.chatChannels).toEqual([
      { key: "whatsapp", label: "WhatsApp", count: 1 },
      { key: "viber", label: "Viber", count: 1 },
    ]);
    // These visitors were not counted on a page today: where they came from is unknown.
    expect(report.data.chatSources).toEqual([{ key: "(unknown)", label: "(unknown)", count: 2 }]);
    await stopInsight();
  });
});
