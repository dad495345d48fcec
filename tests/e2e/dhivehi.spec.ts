import type { APIRequestContext, Page } from "@playwright/test";
import { dv } from "../../app/i18n/dv";
import { DEMO_URL, expect, expectNoAxeViolations, test } from "./fixtures";

// The public site in Dhivehi under /dv (docs/decisions/0077-dhivehi-design.md): right to left in the Thaana face, the
// fixed words from app/i18n/dv.ts, each page linked to itself in the other language both ways, hreflang in the head
// and the sitemap, and no axe violation. Reduced motion keeps every section at full opacity for axe's contrast check.
test.use({ reducedMotion: "reduce" });

/** The first service and project pages the sitemap lists, as English paths. */
async function detailPaths(request: APIRequestContext) {
  const xml = await (await request.get(`${DEMO_URL}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    (m) => new URL(m[1]).pathname,
  );
  const service = paths.find((p) => p.startsWith("/service/"));
  const project = paths.find((p) => p.startsWith("/project/"));
  if (!service || !project)
    throw new Error("the demo sitemap lists no service or project page");
  return { service, project, xml };
}

/** The page's hreflang links, as language -> absolute URL. */
async function hreflang(page: Page) {
  return page.evaluate(() =>
    Object.fromEntries(
      [
        ...document.querySelectorAll<HTMLLinkElement>(
          "link[rel=alternate][hreflang]",
        ),
      ].map((l) => [l.hreflang, l.href]),
    ),
  );
}

test("/dv is right to left, in the Thaana face, with the catalogue's words", async ({
  page,
}) => {
  await page.goto("/dv");
  await expect(page.locator("html")).toHaveAttribute("lang", "dv");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(
    page
      .getByRole("navigation", { name: dv.navMain })
      .getByRole("link", { name: dv.navServices }),
  ).toBeVisible();
  const type = await page.evaluate(async () => {
    await document.fonts.ready;
    const nav = document.querySelector("nav a");
    return {
      family: nav ? getComputedStyle(nav).fontFamily : "",
      lineHeight: getComputedStyle(document.documentElement).lineHeight,
      loaded: [...document.fonts]
        .filter((f) => f.status === "loaded")
        .map((f) => f.family.replace(/"/g, "")),
      direction: getComputedStyle(document.body).direction,
    };
  });
  expect(type.family).toMatch(/^"?Thaana"?, "?Thaana Web"?/);
  expect(type.loaded).toContain("Thaana Web");
  expect(type.direction).toBe("rtl");
  // 1.8 of the root's 16 px: room for the vowel marks.
  expect(Number.parseFloat(type.lineHeight)).toBeCloseTo(28.8, 0);
  // Not preloaded (docs/decisions/0101-no-preload-for-the-thaana-face.md): a phone with the system's face would fetch
  // the file for nothing. The English home page does not declare the face either.
  await expect(page.locator("link[rel=preload][as=font]")).toHaveCount(0);
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  expect(await page.locator("html").getAttribute("dir")).toBeNull();
  await expect(page.locator("link[rel=preload][as=font]")).toHaveCount(0);
  expect(
    await page.evaluate(() =>
      [...document.fonts].some((f) => f.family.includes("Thaana")),
    ),
  ).toBe(false);
});

test("the language link keeps the page and what it reads of the query, both ways", async ({
  page,
  request,
}) => {
  const { service, project } = await detailPaths(request);
  for (const path of [
    service,
    project,
    "/projects?type=residential&page=1",
    "/",
  ]) {
    await page.goto(path);
    const toDhivehi = page.getByRole("link", { name: "ދިވެހި" }).first();
    await expect(toDhivehi).toHaveAttribute("lang", "dv");
    await toDhivehi.click();
    const dvPath = path === "/" ? "/dv" : `/dv${path.replace("&page=1", "")}`;
    await expect(page).toHaveURL(`${DEMO_URL}${dvPath}`);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const toEnglish = page.getByRole("link", { name: "English" }).first();
    await expect(toEnglish).toHaveAttribute("lang", "en");
    await toEnglish.click();
    await expect(page).toHaveURL(`${DEMO_URL}${path.replace("&page=1", "")}`);
  }
  // A campaign tag is not part of the page (it is not in the page cache's key either): the link leaves it out.
  await page.goto("/dv?utm_source=mail&service=abc");
  await expect(
    page.getByRole("link", { name: "English" }).first(),
  ).toHaveAttribute("href", "/?service=abc");
});

test("links on a Dhivehi page stay in Dhivehi", async ({ page }) => {
  await page.goto("/dv");
  const hrefs = await page.evaluate(() =>
    [
      ...document.querySelectorAll<HTMLAnchorElement>(
        "main a[href^='/'], header a[href^='/'], footer a[href^='/']",
      ),
    ]
      .filter((a) => a.lang !== "en")
      .map((a) => a.getAttribute("href") ?? ""),
  );
  expect(hrefs.length).toBeGreaterThan(10);
  expect(
    hrefs.filter(
      (href) =>
        !href.startsWith("/dv") &&
        !href.startsWith("/images/") &&
        !href.startsWith("/uploads/") &&
        !href.startsWith("/contact/"),
    ),
  ).toEqual([]);
  await page.goto("/dv/projects");
  const pager = await page
    .getByRole("navigation", { name: dv.filterCategory })
    .or(page.getByRole("navigation", { name: dv.filterType }))
    .getByRole("link")
    .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
  expect(pager.length).toBeGreaterThan(0);
  for (const href of pager) expect(href).toMatch(/^\/dv\/projects/);
});

test("hreflang pairs point both ways, in the head and in the sitemap", async ({
  page,
  request,
}) => {
  const { service, xml } = await detailPaths(request);
  for (const [english, dhivehi] of [
    ["/", "/dv"],
    [service, `/dv${service}`],
  ]) {
    for (const path of [english, dhivehi]) {
      await page.goto(path);
      expect(await hreflang(page), path).toEqual({
        en: `${DEMO_URL}${english}`,
        dv: `${DEMO_URL}${dhivehi}`,
        "x-default": `${DEMO_URL}${english}`,
      });
      await expect(page.locator("link[rel=canonical]")).toHaveAttribute(
        "href",
        `${DEMO_URL}${path}`,
      );
      await expect(page.locator("meta[property='og:locale']")).toHaveAttribute(
        "content",
        path === dhivehi ? "dv_MV" : "en_US",
      );
    }
    for (const loc of [english, dhivehi]) {
      const entry =
        xml.match(
          new RegExp(`<url><loc>${DEMO_URL}${loc}</loc>[\\s\\S]*?</url>`),
        )?.[0] ?? "";
      expect(entry, loc).toContain(
        `hreflang="en" href="${DEMO_URL}${english}"`,
      );
      expect(entry, loc).toContain(
        `hreflang="dv" href="${DEMO_URL}${dhivehi}"`,
      );
    }
  }
  await page.goto(`/dv${service}`);
  const inLanguage = await page.evaluate(() =>
    [...document.querySelectorAll("script[type='application/ld+json']")].map(
      (s) => JSON.parse(s.textContent ?? "{}").url,
    ),
  );
  expect(inLanguage).toContain(`${DEMO_URL}/dv${service}`);
});

test.describe("the Dhivehi contact form", () => {
  // The refused post's 400 is what the test asks for.
  test.use({ allowConsoleErrors: [/status of 400/] });
  test("the Dhivehi contact form: Dhivehi labels, a Dhivehi error, and its language sent with it", async ({
    page,
  }) => {
    await page.goto("/dv#contact");
    const form = page.locator("#contact form");
    await expect(form.getByLabel(dv.formName)).toBeVisible();
    await expect(form.getByLabel(dv.formEmail)).toBeVisible();
    await expect(form.getByRole("button", { name: dv.formSend })).toBeVisible();
    await expect(form.locator("input[name=language]")).toHaveValue("dv");
    // A refused post (an address the server will not take) comes back with the field's error in Dhivehi.
    await form.getByLabel(dv.formName).fill("އަޙްމަދު");
    await form.getByLabel(dv.formEmail).fill("not-an-address@");
    await form.getByLabel(dv.formSubject).fill("ގެ");
    await form.getByLabel(dv.formMessage).fill("އާ ގެއެއް ބިނާކުރަން");
    // The browser's own check of type=email would stop the post first: the server's is the one under test.
    await form.evaluate((el: HTMLFormElement) => (el.noValidate = true));
    await page.waitForTimeout(400);
    await form.getByRole("button", { name: dv.formSend }).click();
    await expect(form.locator("#contact-email-error")).toHaveText(
      dv.errorEmail,
    );
    await expect(
      page.getByRole("alert").filter({ hasText: dv.notSentTitle }),
    ).toBeVisible();
  });
});

for (const width of [390, 1280]) {
  test(`axe finds nothing on the Dhivehi pages at ${width} px`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { service, project } = await detailPaths(request);
    for (const path of [
      "/dv",
      `/dv${service}`,
      `/dv${project}`,
      "/dv/projects",
      "/dv/no-such-page",
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(
        path === "/dv/no-such-page" ? 404 : 200,
      );
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

test("the Dhivehi not-found pages", async ({ page }) => {
  for (const [path, heading] of [
    ["/dv/nope", "404"],
    ["/dv/service/missing", dv.serviceNotFound],
    ["/dv/project/missing", dv.projectNotFound],
  ]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    await expect(
      page
        .getByRole("main")
        .getByRole("link", {
          name: path === "/dv/nope" ? dv.returnHome : dv.backToHome,
        }),
    ).toHaveAttribute("href", "/dv");
  }
});

test("the gallery viewer follows the reading direction: the left arrow key is the next image", async ({
  page,
}) => {
  await page.goto("/dv");
  const gallery = page.locator("[data-lightbox-group]").first();
  await gallery.locator("[data-lightbox-open]").first().click();
  const counter = page.locator("dialog[open] [data-lightbox-counter]");
  await expect(counter).toHaveText(/^1 \//);
  await page.keyboard.press("ArrowLeft");
  await expect(counter).toHaveText(/^2 \//);
  await page.keyboard.press("ArrowRight");
  await expect(counter).toHaveText(/^1 \//);
});

// The type budget of decision 0090 (docs/performance.md#targets), beside the other budgets in budgets.spec.ts.
test("a Dhivehi page adds at most 25 KB of type, its own file; an English page loads none", async ({ page }) => {
  const fonts = new Map<string, number>();
  page.on("response", async (response) => {
    if (response.request().resourceType() === "font") fonts.set(response.url(), (await response.body()).length);
  });
  await page.goto("/", { waitUntil: "networkidle" });
  expect([...fonts.keys()], "fonts on the English home page").toEqual([]);
  // As a device without Noto Sans Thaana of its own sees it (an iPhone; this machine may have the face, which the
  // page tries first): the system's copies are left out of the page's @font-face rules, so the site's file is used.
  await page.route(/\/dv$/, async (route) => {
    const response = await route.fetch();
    const body = (await response.text()).replace(/local\("?(Noto Sans Thaana|NotoSansThaana)[^)]*\),\s*/g, "");
    await route.fulfill({ response, body });
  });
  await page.goto("/dv", { waitUntil: "networkidle" });
  await page.evaluate(() => document.fonts.ready);
  const total = [...fonts.values()].reduce((sum, bytes) => sum + bytes, 0);
  console.log(`[budgets] /dv fonts: ${[...fonts].map(([url, bytes]) => `${new URL(url).pathname} ${(bytes / 1024).toFixed(1)} KiB`).join(", ")}`);
  expect(fonts.size, "the Thaana face is loaded").toBeGreaterThan(0);
  for (const url of fonts.keys()) expect(new URL(url).origin, url).toBe(new URL(DEMO_URL).origin);
  expect(total).toBeLessThanOrEqual(25 * 1000);
});

test.describe("the server's error page", () => {
  // The error status is what the test asks for.
  test.use({ allowConsoleErrors: [/status of 405/] });
  test("under /dv it is in Dhivehi, right to left, linking to /dv; under / it stays English", async ({ page }) => {
    // The root error boundary, as a crash shows it, reached by a refusal the router makes through the same boundary: a
    // POST to a page that takes none (405). The browser's GET is sent on as that POST.
    await page.route(/\/(dv\/)?projects$/, async (route) => route.fulfill({ response: await route.fetch({ method: "POST" }) }));
    const response = await page.goto("/dv/projects");
    expect(response?.status()).toBe(405);
    await expect(page.locator("html")).toHaveAttribute("lang", "dv");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(dv.errorServer);
    await expect(page.getByRole("link", { name: dv.returnHome })).toHaveAttribute("href", "/dv");
    await expect(page).toHaveTitle(`405 | ${dv.errorTitle}`);
    await expectNoAxeViolations(page);

    await page.goto("/projects");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Something went wrong on our side. Please try again in a moment.");
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
  });
});

test("a project without Dhivehi: its picture's alt and its progress bar's name are English, and marked so", async ({ page }) => {
  await page.goto("/dv/projects");
  // A demo project has no Dhivehi yet: its card's title is the English one, marked.
  const title = page.locator('main h3[lang="en"] a').first();
  const name = (await title.textContent()) ?? "";
  expect(name).toMatch(/[a-z]/i);
  const bar = page.getByRole("progressbar", { name: `${name} progress` });
  await expect(bar).toHaveAttribute("lang", "en");
  // A translated project's bar is named in Dhivehi, unmarked.
  const translated = page.locator("main h3:not([lang]) a").first();
  await expect(page.getByRole("progressbar", { name: dv.progressOf((await translated.textContent()) ?? "") })).not.toHaveAttribute("lang", "en");

  await title.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("main").getByRole("img", { name, exact: true })).toHaveAttribute("lang", "en");
  await page.goBack();
  await translated.click();
  const dvName = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
  await expect(page.getByRole("main").getByRole("img", { name: dvName, exact: true })).not.toHaveAttribute("lang", "en");
});
