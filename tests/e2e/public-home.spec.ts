import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "@playwright/test";
import { DEMO_URL, EMPTY_URL, expect, test } from "./fixtures";

// The home page (docs/product.md#home-page) against the production build: demo content on DEMO_URL,
// an empty site (no services, projects or contact details; sample content on) on EMPTY_URL.

const section = (page: Page, name: string | RegExp) => page.getByRole("region", { name });
const headingInViewport = (page: Page, name: string) =>
  expect(page.getByRole("main").getByRole("heading", { level: 2, name, exact: true })).toBeInViewport();

/** Cards are list items holding an <article> with an h3 title. */
const cards = (region: Locator) => region.getByRole("article");

test.describe("home page structure", () => {
  test("the text is in the server's HTML, for crawlers and browsers alike", async ({ request }) => {
    for (const userAgent of [
      "curl/8.5.0",
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36",
    ]) {
      const response = await request.get(`${DEMO_URL}/`, { headers: { "User-Agent": userAgent } });
      expect(response.status()).toBe(200);
      const html = await response.text();
      for (const text of [
        "Residential Construction",
        "Building Maintenance",
        "Overwater Villas, South Ari Resort",
        "Frequently Asked Questions",
        "Get Your Free Quote",
      ]) {
        expect(html, `${text} for ${userAgent}`).toContain(text);
      }
    }
  });

  test("has the sections in the spec's order, inside the header, main and footer landmarks", async ({ page }) => {
    await page.goto("/");
    await expect(page).toHaveTitle(/Atoll Construction & Services/);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /Maldives/);
    await expect(page.getByRole("banner")).toBeVisible();
    await expect(page.getByRole("contentinfo")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 2 })).toHaveText([
      "Built Right, Built to Last",
      "About Atoll Construction & Services",
      "Our Services",
      "Featured Projects",
      "Our Work in Pictures",
      "What Our Clients Say",
      "Frequently Asked Questions",
      "Get Your Free Quote",
    ]);
    const ids = await main.locator("section[id]").evaluateAll((els) => els.map((e) => e.id));
    expect(ids).toEqual(["home", "about", "services", "projects", "contact"]);
  });

  test("the hero has its title, static stats, calls to action and a preloaded high-priority image", async ({ page }) => {
    await page.goto("/");
    const hero = section(page, "Building the Maldives, Island by Island");
    await expect(hero).toHaveAttribute("id", "home");
    for (const [value, label] of [
      ["50+", "Projects Completed"],
      ["25+", "Team Members"],
      ["10+", "Years Experience"],
    ]) {
      await expect(hero.getByRole("definition").filter({ hasText: value })).toBeVisible();
      await expect(hero.getByRole("term").filter({ hasText: label })).toBeVisible();
    }
    await expect(hero.locator("img")).toHaveAttribute("fetchpriority", "high");
    // Preloaded from the head: the AVIF on phones, the WebP widths on wider screens; both high priority.
    const preloads = page.locator('head link[rel="preload"][as="image"]');
    await expect(preloads).toHaveCount(2);
    for (const link of await preloads.all()) await expect(link).toHaveAttribute("fetchpriority", "high");
    await expect(preloads.and(page.locator('[type="image/avif"]'))).toHaveAttribute("media", "(max-width: 767px)");
    await expect(preloads.and(page.locator('[media="(min-width: 768px)"]'))).toHaveAttribute("imagesrcset", /hero-maldives-w1600\.webp(\?v=[0-9a-f]+)? 1600w/);

    await hero.getByRole("link", { name: "View Our Projects" }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/#projects`);
    await headingInViewport(page, "Featured Projects");

    await page.evaluate(() => window.scrollTo(0, 0));
    await hero.getByRole("link", { name: "Get Free Quote" }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/#contact`);
    await headingInViewport(page, "Get Your Free Quote");
  });

  test("nothing on screen moves when the hero's height settles after the first paint", async ({ page }) => {
    // Lighthouse counted a layout shift of 0.147 in some runs: the hero's bottom shade, a box held to its bottom,
    // came into view as the hero's height settled. Here the hero is made taller, then given back its height.
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto("/");
    const shifts = await page.evaluate(async () => {
      const frames = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const hero = document.getElementById("home")!;
      const extra = document.createElement("div");
      extra.style.height = "600px";
      hero.append(extra);
      await frames();
      const seen: number[] = [];
      const record = (entries: PerformanceEntryList) => {
        for (const entry of entries) seen.push((entry as PerformanceEntry & { value: number }).value);
      };
      const observer = new PerformanceObserver((list) => record(list.getEntries()));
      observer.observe({ type: "layout-shift" });
      extra.remove();
      await frames();
      await new Promise((resolve) => setTimeout(resolve, 100));
      record(observer.takeRecords());
      observer.disconnect();
      return seen;
    });
    expect(shifts).toEqual([]);
  });

  test("a page arriving in two parts, the break inside the hero, paints the hero whole: nothing moves", async ({ page }) => {
    // On a phone's line the HTML comes in pieces. A frame painted with half the hero parsed showed its first line
    // alone, centred, then moved it up when the rest came: Lighthouse counted a layout shift of 0.19 on /dv. The hero's
    // text now waits for the whole hero (app/site-styles/home.css). Here a loopback server in front of the site sends
    // each home page up to the hero's first line, waits, then sends the rest.
    const proxy = http.createServer(async (req, res) => {
      const upstream = await fetch(`${DEMO_URL}${req.url}`, { headers: { "accept-encoding": "identity" } }).catch(() => null);
      if (!upstream) return void res.writeHead(502).end();
      const headers = Object.fromEntries([...upstream.headers].filter(([name]) => !["content-length", "content-encoding", "transfer-encoding", "connection"].includes(name)));
      const body = Buffer.from(await upstream.arrayBuffer());
      res.writeHead(upstream.status, headers);
      const html = body.toString("utf8");
      const heroLine = html.indexOf('id="home"');
      if (!(upstream.headers.get("content-type") ?? "").startsWith("text/html") || heroLine < 0) return void res.end(body);
      const split = html.indexOf("</p>", heroLine) + "</p>".length;
      res.write(html.slice(0, split));
      setTimeout(() => res.end(html.slice(split)), 600);
    });
    await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
    const origin = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
    try {
      await page.setViewportSize({ width: 412, height: 823 });
      for (const path of ["/", "/dv"]) {
        await page.goto(`${origin}${path}`);
        const shifts = await page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          return await new Promise<{ value: number; sources: string[] }[]>((resolve) => {
            new PerformanceObserver((list) =>
              resolve(
                list.getEntries().map((entry) => {
                  const shift = entry as PerformanceEntry & { value: number; sources: { node?: Node }[] };
                  return { value: shift.value, sources: shift.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 60) ?? "?") };
                }),
              ),
            ).observe({ type: "layout-shift", buffered: true });
            // No entry at all: the observer's callback never runs.
            setTimeout(() => resolve([]), 300);
          });
        });
        expect(shifts, path).toEqual([]);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
    } finally {
      // The browser keeps its connections open: close them, or close() waits for them to time out.
      proxy.closeAllConnections();
      await new Promise((resolve) => proxy.close(resolve));
    }
  });

  test("header links scroll to each section; the phone is the primary phone entry", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    await expect(header.getByRole("link", { name: "+960 330 1234" })).toHaveAttribute("href", "tel:+9603301234");
    await expect(header.getByRole("link", { name: "Atoll Construction & Services" })).toBeVisible();
    const nav = header.getByRole("navigation", { name: "Main" });
    for (const [label, heading] of [
      ["About", "About Atoll Construction & Services"],
      ["Services", "Our Services"],
      ["Projects", "Featured Projects"],
      ["Contact", "Get Your Free Quote"],
    ]) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(`${DEMO_URL}/#${label.toLowerCase()}`);
      await headingInViewport(page, heading);
    }
    await nav.getByRole("link", { name: "Home", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    await header.getByRole("link", { name: "Get Quote" }).click();
    await headingInViewport(page, "Get Your Free Quote");
  });

  test("footer lists 8 services and the same section links", async ({ page }) => {
    await page.goto("/");
    const footer = page.getByRole("contentinfo");
    const services = footer.getByRole("heading", { name: "Our Services" }).locator("xpath=following-sibling::ul[1]").getByRole("listitem");
    await expect(services).toHaveText([
      "Homes & Villas",
      "Commercial Buildings",
      "Resort & Hospitality",
      "Renovation & Remodelling",
      "Architectural Design",
      "Interior Fit-Out",
      "Project Management",
      "Building Maintenance",
    ]);
    const nav = footer.getByRole("navigation", { name: "Footer" });
    await expect(nav.getByRole("link")).toHaveText(["Home", "About", "Services", "Projects", "Contact", "Portfolio"]);
    await nav.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/#services`);
    await headingInViewport(page, "Our Services");
    await expect(footer.getByText("Atoll Construction & Services", { exact: true })).toBeVisible();
  });
});

test.describe("fixed content", () => {
  test("why-choose-us has 6 cards and about has vision and mission bullets", async ({ page }) => {
    await page.goto("/");
    await expect(section(page, "Built Right, Built to Last").getByRole("heading", { level: 3 })).toHaveCount(6);
    const about = section(page, "About Atoll Construction & Services");
    await expect(about).toHaveAttribute("id", "about");
    const vision = about.getByRole("article").filter({ has: page.getByRole("heading", { name: "Our Vision" }) });
    const mission = about.getByRole("article").filter({ has: page.getByRole("heading", { name: "Our Mission" }) });
    await expect(vision.getByRole("listitem")).toHaveCount(3);
    await expect(mission.getByRole("listitem")).toHaveCount(4);
  });

  test("testimonials: 4 entries rated 5 with a 4.9 average", async ({ page }) => {
    await page.goto("/");
    const testimonials = section(page, "What Our Clients Say");
    await expect(testimonials.getByText("4.9", { exact: true })).toBeVisible();
    const entries = testimonials.getByRole("figure");
    await expect(entries).toHaveCount(4);
    await expect(testimonials.getByRole("img", { name: "Rated 5 out of 5" })).toHaveCount(5);
    await expect(entries.first()).toContainText("Ahmed Shareef");
    await expect(entries.first()).toContainText("Guest House Owner, Maafushi");
  });
});

test.describe("services and projects lists", () => {
  test("demo content: active services link to their pages", async ({ page }) => {
    await page.goto("/");
    const services = section(page, "Our Services");
    await expect(services).toHaveAttribute("id", "services");
    await expect(cards(services)).toHaveCount(6);
    const links = services.getByRole("link");
    await expect(links).toHaveCount(6);
    for (const href of await links.evaluateAll((els) => els.map((e) => e.getAttribute("href")))) {
      expect(href).toMatch(/^\/service\/[0-9a-f-]{36}$/);
    }
    await services.getByRole("link", { name: "Residential Construction" }).click();
    await expect(page).toHaveURL(/\/service\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1, name: "Residential Construction" })).toBeVisible();
  });

  test("demo content: up to 6 public projects, featured first then newest, linking to their pages", async ({ page }) => {
    await page.goto("/");
    const projects = section(page, "Featured Projects");
    await expect(projects.getByRole("heading", { level: 3 })).toHaveText([
      "Overwater Villas, South Ari Resort",
      "Cold Storage Warehouse",
      "Staff Housing Apartments",
      "Hulhumalé Office Building",
      "Harbour Jetty Reconstruction",
      "Coral Stone Heritage Restoration",
    ]);
    const first = cards(projects).first();
    await expect(first).toContainText("Completed");
    await expect(first).toContainText("Featured");
    await expect(first.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await expect(cards(projects).nth(3)).toContainText("In Progress");
    await expect(cards(projects).nth(3)).toContainText("55%");
    await expect(projects.getByRole("link", { name: /Overwater Villas/ })).toHaveAttribute("href", /^\/project\/[0-9a-f-]{36}$/);

    await projects.getByRole("link", { name: "View All Projects" }).click();
    await expect(page).toHaveURL(`${DEMO_URL}/#contact`);
    await headingInViewport(page, "Get Your Free Quote");
  });

  test("empty site with sample content on: 3 sample services and 3 sample projects that are not links", async ({ page }) => {
    await page.goto(`${EMPTY_URL}/`);
    const services = section(page, "Our Services");
    await expect(services.getByRole("heading", { level: 3 })).toHaveText([
      "Residential & Commercial Construction",
      "Project Management & Consulting",
      "Renovation & Interior Fit-Out",
    ]);
    await expect(services).toContainText("Project-based");
    await expect(services).toContainText("Custom Quote");
    await expect(services).toContainText("Per Square Meter");
    await expect(services.getByRole("link")).toHaveCount(0);
    await expect(services.getByText("Services Coming Soon")).toHaveCount(0);

    const projects = section(page, "Featured Projects");
    await expect(cards(projects)).toHaveCount(3);
    await expect(projects.getByRole("link", { name: /Beachfront|Staff Housing|Harbour/ })).toHaveCount(0);
    await expect(projects.getByRole("progressbar")).toHaveCount(3);
    const progress = await projects.getByRole("progressbar").evaluateAll((els) => els.map((e) => e.getAttribute("aria-valuenow")));
    expect(progress).toEqual(["100", "85", "70"]);
    await expect(cards(projects).nth(0)).toContainText("Completed");
    await expect(cards(projects).nth(1)).toContainText("In Progress");
    await expect(cards(projects).nth(2)).toContainText("In Progress");
    // Clicking a sample card goes nowhere.
    await cards(projects).first().click();
    await expect(page).toHaveURL(`${EMPTY_URL}/`);
  });

  // 'Services Coming Soon' / 'Projects Coming Soon' need the show_sample_content setting off, which
  // the admin settings screen sets: that browser case belongs with the Admin issue. The decision
  // itself is unit-tested (app/lib/public-lists.test.ts) and the loader's side integration-tested.
});

test.describe("gallery viewer", () => {
  test("opens full screen, wraps both ways with buttons and arrow keys, closes on Escape", async ({ page }) => {
    await page.goto("/");
    const gallery = section(page, "Our Work in Pictures");
    const thumbs = gallery.getByRole("link");
    await expect(thumbs).toHaveCount(6);
    const first = gallery.getByRole("link", { name: /Foundation Reinforcement/ });
    await first.click();

    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveAccessibleName("Foundation Reinforcement");
    await expect(dialog.getByText("1 / 6")).toBeVisible();
    await expect(dialog.getByRole("img")).toHaveAttribute("alt", /steel reinforcement/);
    // Focus moves into the dialog.
    await expect(dialog.getByRole("button", { name: "Close" })).toBeFocused();

    // Previous from the first wraps to the last; next from the last wraps to the first.
    await dialog.getByRole("button", { name: "Previous image" }).click();
    await expect(dialog).toHaveAccessibleName("Jetty Piling Works");
    await expect(dialog.getByText("6 / 6")).toBeVisible();
    await dialog.getByRole("button", { name: "Next image" }).click();
    await expect(dialog).toHaveAccessibleName("Foundation Reinforcement");
    await dialog.getByRole("button", { name: "Next image" }).click();
    await expect(dialog).toHaveAccessibleName("Roof Slab Concrete Pour");
    await expect(dialog.getByText("Construction", { exact: true })).toBeVisible();

    // The same with the keyboard.
    await page.keyboard.press("ArrowLeft");
    await expect(dialog).toHaveAccessibleName("Foundation Reinforcement");
    await page.keyboard.press("ArrowLeft");
    await expect(dialog).toHaveAccessibleName("Jetty Piling Works");
    await page.keyboard.press("ArrowRight");
    await expect(dialog).toHaveAccessibleName("Foundation Reinforcement");

    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(first).toBeFocused();

    // The close button closes it too.
    await gallery.getByRole("link", { name: /Beach Villa at Dusk/ }).click();
    await expect(page.getByRole("dialog")).toHaveAccessibleName("Beach Villa at Dusk");
    await page.getByRole("dialog").getByRole("button", { name: "Close" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

test.describe("FAQ", () => {
  test("8 questions, the first open, one open at a time", async ({ page }) => {
    await page.goto("/");
    const faq = section(page, "Frequently Asked Questions");
    // Native disclosure widgets (<details name="faq">): the browser keeps one open at a time.
    const entries = faq.getByRole("group");
    const questions = faq.locator("summary");
    await expect(questions).toHaveCount(8);
    await expect(questions.nth(0)).toHaveText(/\?$/);
    const [first, second] = [entries.nth(0), entries.nth(1)];
    await expect(first).toHaveAttribute("open", "");
    await expect(faq.getByText(/We build and renovate homes/)).toBeVisible();
    await expect(faq.locator("details[open]")).toHaveCount(1);

    await questions.nth(1).click();
    await expect(second).toHaveAttribute("open", "");
    await expect(first).not.toHaveAttribute("open");
    await expect(faq.getByText(/We work across all atolls/)).toBeVisible();
    await expect(faq.getByText(/We build and renovate homes/)).toBeHidden();

    // Collapsible: the open one closes again, from the keyboard too.
    await questions.nth(1).focus();
    await page.keyboard.press("Enter");
    await expect(second).not.toHaveAttribute("open");
    await expect(faq.locator("details[open]")).toHaveCount(0);
    await expect(faq.getByText(/We work across all atolls/)).toBeHidden();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the questions still open and close", async ({ page }) => {
      await page.goto("/");
      const faq = section(page, "Frequently Asked Questions");
      await faq.locator("summary").nth(2).click();
      await expect(faq.locator("details").nth(2)).toHaveAttribute("open", "");
      await expect(faq.locator("details[open]")).toHaveCount(1);
    });
  });
});

test.describe("contact", () => {
  test("the form has the spec's labelled fields and sends the enquiry to the server", async ({ page }) => {
    await page.goto("/");
    const contact = section(page, "Get Your Free Quote");
    await expect(contact).toHaveAttribute("id", "contact");
    const name = contact.getByLabel("Full Name");
    const email = contact.getByLabel("Email Address");
    const phone = contact.getByLabel("Phone");
    const subject = contact.getByLabel("Project Type");
    const message = contact.getByLabel("Project Details");
    for (const [field, fieldName] of [
      [name, "name"],
      [email, "email"],
      [phone, "phone"],
      [subject, "subject"],
      [message, "message"],
    ] as const) {
      await expect(field).toHaveAttribute("name", fieldName);
    }
    await expect(email).toHaveAttribute("type", "email");
    for (const required of [name, email, subject, message]) await expect(required).toHaveAttribute("required", "");
    await expect(phone).not.toHaveAttribute("required");

    // Browser validation stops an incomplete form.
    const submit = contact.getByRole("button", { name: "Send Message" });
    await submit.click();
    await expect(submit).toBeEnabled();
    expect(await name.evaluate((el: HTMLInputElement) => el.validity.valueMissing)).toBe(true);

    await name.fill("Aminath Ali");
    await email.fill("aminath@example.mv");
    await phone.fill("+960 777 0000");
    await subject.fill("Guest house");
    await message.fill("A six-room guest house in Maafushi.");

    const requests: string[] = [];
    page.on("request", (r) => {
      if (r.method() !== "GET") requests.push(r.method());
    });
    // Hold the post a moment so the sending state can be seen.
    await page.route(
      (url) => url.origin === DEMO_URL,
      async (route) => {
        if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 400));
        await route.continue();
      },
    );
    await submit.click();
    const sending = contact.getByRole("button", { name: "Sending Message..." });
    await expect(sending).toBeDisabled();
    await expect(page.getByText("Message Sent Successfully!")).toBeVisible();
    await expect(page.getByText(/respond within 24 hours/)).toBeVisible();
    await expect(contact.getByRole("button", { name: "Send Message" })).toBeEnabled();
    for (const field of [name, email, phone, subject, message]) await expect(field).toHaveValue("");
    expect(requests).toEqual(["POST"]);
  });

  test("demo content: contact entries come from the public contact details", async ({ page }) => {
    await page.goto("/");
    const contact = section(page, "Get Your Free Quote");
    await expect(contact.getByRole("link", { name: "+960 330 1234" })).toBeVisible();
    await expect(contact.getByRole("link", { name: "+960 777 1234" })).toBeVisible();
    await expect(contact.getByRole("link", { name: "info@atollconstruction.mv" })).toHaveAttribute(
      "href",
      "mailto:info@atollconstruction.mv",
    );
    await expect(contact).toContainText("Majeedhee Magu, Male 20026");
    await expect(contact).toContainText("Sun - Thu: 8:00 AM - 5:00 PM");
    await expect(contact.getByRole("link", { name: "atollconstruction.mv", exact: true })).toHaveAttribute(
      "href",
      "https://atollconstruction.mv",
    );
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "Facebook" })).toHaveAttribute(
      "href",
      "https://facebook.com/atollconstruction",
    );
  });

  test("empty site: the header phone and contact entries fall back", async ({ page }) => {
    await page.goto(`${EMPTY_URL}/`);
    await expect(page.getByRole("banner").getByRole("link", { name: "+960 300 0000" })).toBeVisible();
    const contact = section(page, "Get Your Free Quote");
    await expect(contact.getByRole("link", { name: "info@atollconstruction.mv" })).toBeVisible();
    await expect(contact).toContainText("Male, Maldives");
    await expect(contact).toContainText("Mon - Sat: 8:00 AM - 6:00 PM");
    // Logos fall back to the company name.
    await expect(page.getByRole("banner").getByText("Atoll Construction & Services", { exact: true })).toBeVisible();
    await expect(page.getByRole("contentinfo").getByText("Atoll Construction & Services", { exact: true })).toBeVisible();
  });
});

test.describe("mobile menu at 375 px", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("toggles open and closes after a link is clicked", async ({ page }) => {
    await page.goto("/");
    const header = page.getByRole("banner");
    const toggle = header.getByRole("button", { name: "Menu" });
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(header.getByRole("navigation", { name: "Main" })).toBeHidden();
    await expect(header.getByRole("link", { name: "Projects" })).toBeHidden();

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const menu = header.getByRole("navigation", { name: "Mobile" });
    // The same page in Dhivehi after the portfolio (docs/decisions/0077-dhivehi-design.md).
    await expect(menu.getByRole("link")).toHaveText(["Home", "About", "Services", "Projects", "Contact", "Portfolio", "ދިވެހި", "+960 330 1234", "Get Quote"]);

    await menu.getByRole("link", { name: "Projects" }).click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
    await expect(page).toHaveURL(`${DEMO_URL}/#projects`);
    await headingInViewport(page, "Featured Projects");

    // It toggles closed with the button, and with Escape.
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await toggle.click();
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-expanded", "false");

    // And with a tap outside the header.
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    await page.mouse.click(200, 600);
    await expect(toggle).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeHidden();
  });
});

test.describe("fade-in", () => {
  test("sections below the fold fade in when they scroll into view", async ({ page }) => {
    await page.goto("/");
    const faq = page.locator("section", { has: page.getByRole("heading", { name: "Frequently Asked Questions" }) });
    await expect(faq).toHaveAttribute("data-fade", "hidden");
    await expect(faq).toHaveCSS("opacity", "0");
    await faq.scrollIntoViewIfNeeded();
    await expect(faq).toHaveAttribute("data-fade", "shown");
    await expect(faq).toHaveCSS("opacity", "1");
  });

  test.describe("under prefers-reduced-motion", () => {
    test.use({ reducedMotion: "reduce" });
    test("nothing is hidden", async ({ page }) => {
      await page.goto("/");
      const faq = page.locator("section", { has: page.getByRole("heading", { name: "Frequently Asked Questions" }) });
      await expect(faq).toHaveAttribute("data-fade", "static");
      await expect(faq).toHaveCSS("opacity", "1");
    });
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("every section is visible", async ({ page }) => {
      await page.goto("/");
      for (const name of ["Our Services", "Featured Projects", "Frequently Asked Questions", "Get Your Free Quote"]) {
        const region = page.locator("section", { has: page.getByRole("heading", { name, exact: true }) });
        await expect(region).toHaveCSS("opacity", "1");
      }
      await expect(page.getByRole("heading", { name: "Residential Construction" })).toBeVisible();
    });
  });
});
