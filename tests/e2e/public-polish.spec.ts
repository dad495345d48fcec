import type { Page } from "@playwright/test";
import { DEMO_URL, EMPTY_URL, expect, test } from "./fixtures";

// What a new visitor tripped over on phone and desktop, with and without JavaScript (docs/decisions/0019-admin-toasts-and-hero-media.md).

const FALLBACK_PHONE = "+960 300 0000";

async function jsonLd(page: Page): Promise<unknown[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((b) => JSON.parse(b) as unknown);
}

test.describe("no phone entry", () => {
  test("the placeholder number is only in the header: contact, FAQ, footer and JSON-LD show no phone", async ({ page }) => {
    await page.goto(`${EMPTY_URL}/`);
    await expect(page.getByRole("banner").getByRole("link", { name: new RegExp(FALLBACK_PHONE.replace(/\+/g, "\\+")) }).first()).toBeAttached();
    const contact = page.locator("section#contact");
    await expect(contact).not.toContainText(FALLBACK_PHONE);
    await expect(contact.getByText("Phone", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).not.toContainText(FALLBACK_PHONE);
    await expect(page.locator("main")).not.toContainText(FALLBACK_PHONE);
    expect(JSON.stringify(await jsonLd(page))).not.toContain("telephone");
  });

  test("with a phone entry every place shows it", async ({ page }) => {
    await page.goto("/");
    await expect(page.locator("section#contact")).toContainText("+960 330 1234");
    await expect(page.getByRole("contentinfo")).toContainText("+960 330 1234");
    expect(JSON.stringify(await jsonLd(page))).toContain('"telephone":"+960 330 1234"');
  });
});

test.describe("phone menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a tap outside the open menu closes it and follows nothing beneath", async ({ page }) => {
    await page.goto("/");
    const toggle = page.getByRole("banner").getByRole("button", { name: "Menu" });
    await toggle.click();
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeVisible();
    // Whatever lies under the tap (below the open panel) must not receive the click.
    await page.evaluate(() => {
      (window as unknown as { pageClicks: number }).pageClicks = 0;
      document.body.addEventListener("click", (event) => {
        if (!(event.target as Element).closest("header")) (window as unknown as { pageClicks: number }).pageClicks++;
      });
    });
    const panel = (await page.getByRole("navigation", { name: "Mobile" }).boundingBox())!;
    const below = { x: 195, y: Math.min(panel.y + panel.height + 120, 830) };
    await page.mouse.click(below.x, below.y);
    await expect(page.getByRole("navigation", { name: "Mobile" })).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(await page.evaluate(() => (window as unknown as { pageClicks: number }).pageClicks)).toBe(0);
    expect(new URL(page.url()).hash).toBe("");
    // The tap after that one reaches the page as usual.
    await page.mouse.click(below.x, below.y);
    expect(await page.evaluate(() => (window as unknown as { pageClicks: number }).pageClicks)).toBe(1);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the menu opens and its links are there", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
      const menu = page.getByRole("navigation", { name: "Mobile" });
      await expect(menu).toBeVisible();
      await expect(menu.getByRole("link", { name: "Projects", exact: true })).toBeVisible();
    });

    test("a gallery thumbnail opens its image", async ({ page }) => {
      await page.goto("/");
      const thumb = page.getByRole("region", { name: "Our Work in Pictures" }).getByRole("link").first();
      await thumb.click();
      await expect(page).toHaveURL(/\/images\/.+\.(webp|jpg)$/);
    });
  });
});

test.describe("not-found pages", () => {
  for (const [path, heading] of [
    ["/no/such/page", "404"],
    ["/service/missing", "Service Not Found"],
    ["/project/missing", "Project Not Found"],
  ] as const) {
    test(`${path} keeps the header, its phone and menu, and the footer`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      const header = page.getByRole("banner");
      await expect(header).toBeVisible();
      await expect(header).toContainText("+960 330 1234");
      await expect(header.getByRole("navigation", { name: "Main" })).toBeAttached();
      await expect(page.getByRole("contentinfo")).toBeVisible();
    });
  }
});

test.describe("image viewer", () => {
  test("closes on a click on its backdrop", async ({ page }) => {
    await page.goto("/");
    await page.getByRole("region", { name: "Our Work in Pictures" }).getByRole("link").first().click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    // Beside the image (1200x800 shown about 840 px wide in the middle), away from every control: the dark backdrop.
    await page.mouse.click(150, 150);
    await expect(dialog).toBeHidden();
  });

  test.describe("on a touch screen", () => {
    test.use({ hasTouch: true, viewport: { width: 390, height: 844 } });

    test("moves by swipe", async ({ page }) => {
      await page.goto("/");
      await page.getByRole("region", { name: "Our Work in Pictures" }).getByRole("link").first().click();
      const dialog = page.getByRole("dialog");
      await expect(dialog).toContainText("1 / 6");
      const swipe = async (fromX: number, toX: number) => {
        await dialog.evaluate(
          (el, [from, to]) => {
            const touch = (x: number) => new Touch({ identifier: 1, target: el, clientX: x, clientY: 400 });
            el.dispatchEvent(new TouchEvent("touchstart", { bubbles: true, touches: [touch(from)], changedTouches: [touch(from)] }));
            el.dispatchEvent(new TouchEvent("touchend", { bubbles: true, touches: [], changedTouches: [touch(to)] }));
          },
          [fromX, toX],
        );
      };
      await swipe(300, 80);
      await expect(dialog).toContainText("2 / 6");
      await swipe(80, 300);
      await swipe(80, 300);
      await expect(dialog).toContainText("6 / 6");
    });
  });
});

test.describe("icons and manifest", () => {
  test("favicon.ico, apple-touch-icon and a web app manifest in the company's colours", async ({ page, request }) => {
    const ico = await request.get("/favicon.ico");
    expect(ico.status()).toBe(200);
    expect(ico.headers()["content-type"]).toMatch(/icon/);
    await page.goto("/");
    const touchHref = await page.locator('link[rel="apple-touch-icon"]').getAttribute("href");
    expect(touchHref).toBeTruthy();
    const touch = await request.get(touchHref!);
    expect(touch.status()).toBe(200);
    expect(touch.headers()["content-type"]).toBe("image/png");
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute("href");
    const manifest = (await (await request.get(manifestHref!)).json()) as Record<string, unknown>;
    expect(manifest).toMatchObject({ name: "Atoll Construction & Services", theme_color: "#12304d", start_url: "/", display: "standalone" });
    const icons = manifest.icons as Array<{ src: string; sizes: string }>;
    expect(icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of icons) expect((await request.get(icon.src)).status()).toBe(200);
  });
});

test.describe("portfolio page (/projects)", () => {
  test("every public project, featured first, reached from the projects section, header and footer", async ({ page }) => {
    await page.goto("/");
    const section = page.getByRole("region", { name: "Featured Projects" });
    // The spec's button still scrolls to contact (on this page, without reloading it); the portfolio link beside
    // it says what each is.
    const ask = section.getByRole("link", { name: "View All Projects" });
    await expect(ask).toHaveAttribute("href", "#contact");
    await expect(ask).toHaveAccessibleDescription("Ask us for the complete list, with references");
    const portfolio = section.getByRole("link", { name: "Browse the portfolio" });
    await expect(portfolio).toHaveAccessibleDescription("Every project on this site, with photos");
    await portfolio.click();
    await expect(page).toHaveURL(`${DEMO_URL}/projects`);
    await expect(page.getByRole("heading", { level: 1, name: "Our Projects" })).toBeVisible();
    const cards = page.getByRole("main").getByRole("article");
    await expect(cards).toHaveCount(8);
    // Featured first, as on the home page.
    await expect(cards.first()).toContainText("Featured");
    await expect(page.getByText("Showing 1-8 of 8 projects")).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Pagination" })).toHaveCount(0);

    await expect(page.getByRole("banner").getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Portfolio" })).toHaveAttribute("href", "/projects");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Portfolio" })).toHaveAttribute("href", "/projects");

    // A card opens its project page.
    const title = (await cards.first().getByRole("heading").textContent())!.trim();
    await cards.first().getByRole("link").first().click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("filters by project type and category with links, and back to all", async ({ page }) => {
      await page.goto("/projects");
      const types = page.getByRole("navigation", { name: "Project type" });
      await types.getByRole("link", { name: /^Infrastructure/ }).click();
      await expect(page).toHaveURL(`${DEMO_URL}/projects?type=infrastructure`);
      await expect(page.getByRole("heading", { level: 1, name: "Infrastructure Projects" })).toBeVisible();
      await expect(types.getByRole("link", { name: /^Infrastructure/ })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(2);

      const categories = page.getByRole("navigation", { name: "Category" });
      await categories.getByRole("link", { name: /^Marine/ }).click();
      await expect(page).toHaveURL(`${DEMO_URL}/projects?category=Marine&type=infrastructure`);
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Infrastructure Marine Projects");

      await page.getByRole("navigation", { name: "Project type" }).getByRole("link", { name: "All types" }).click();
      await expect(page).toHaveURL(`${DEMO_URL}/projects?category=Marine`);
      await page.getByRole("navigation", { name: "Category" }).getByRole("link", { name: "All categories" }).click();
      await expect(page).toHaveURL(`${DEMO_URL}/projects`);
      await expect(page.getByRole("main").getByRole("article")).toHaveCount(8);
    });
  });

  test("its own title, description, canonical URL, JSON-LD and sitemap entry", async ({ page, request }) => {
    await page.goto("/projects?type=commercial");
    await expect(page).toHaveTitle("Commercial Projects | Atoll Construction & Services");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${DEMO_URL}/projects?type=commercial`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Every project by Atoll Construction & Services/);
    const ld = (await jsonLd(page)) as Array<{ "@type": string; mainEntity?: { itemListElement: Array<{ url: string; position: number }> } }>;
    const collection = ld.find((b) => b["@type"] === "CollectionPage");
    expect(collection?.mainEntity?.itemListElement.length).toBe(await page.getByRole("main").getByRole("article").count());
    expect(collection?.mainEntity?.itemListElement[0]).toMatchObject({ position: 1, url: expect.stringMatching(/\/project\//) });

    await page.goto("/projects");
    await expect(page).toHaveTitle("Our Projects | Atoll Construction & Services");
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${DEMO_URL}/projects`);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toContain(`<loc>${DEMO_URL}/projects</loc>`);
  });

  test("a filter or page that names nothing is a 404 with the site's header", async ({ page }) => {
    for (const path of ["/projects?type=castles", "/projects?category=Nothing%20Here", "/projects?page=9", "/projects?page=-1"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("banner")).toBeVisible();
    }
  });
});
