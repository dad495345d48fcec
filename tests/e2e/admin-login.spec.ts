import { expectToast, unique } from "./admin-helpers";
import type { Page } from "@playwright/test";
import { ADMIN, DEMO_URL, expect, expectNoAxeViolations, signInWithForm, test } from "./fixtures";

// Patient assertions: on a busy machine a save, its revalidation and its toast can take several seconds.

/** The sign-in page, once React has hydrated it (the toggle and the browser-side checks need it). */
async function openLogin(page: Page) {
  await page.goto("/admin/login");
  await page.locator("[data-hydrated]").waitFor();
}

// The sign-in page (docs/product.md#sign-in, with its messages). Read-only on the shared demo
// server: it only signs in and out, and tries an address that has no account.

// Whole screens with uploads and axe runs: more than the default 30 s on a busy machine.

test.describe("admin sign-in page", () => {
  test("has its texts, labelled required inputs without length rules, and no axe violations", async ({ page }) => {
    const response = await page.goto("/admin/login");
    expect(response?.headers()["x-robots-tag"]).toContain("noindex");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
    await expect(page.getByText("Need admin access? Contact your system administrator.")).toBeVisible();
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password", { exact: true });
    await expect(email).toHaveAttribute("type", "email");
    await expect(email).toHaveAttribute("required", "");
    await expect(password).toHaveAttribute("required", "");
    for (const input of [email, password]) {
      for (const attribute of ["minlength", "maxlength", "pattern"]) await expect(input).not.toHaveAttribute(attribute, /.*/);
    }
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 375, height: 740 });
    await expectNoAxeViolations(page);
  });

  test("shows each of the spec's validation messages under its field", async ({ page }) => {
    await openLogin(page);
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password", { exact: true });
    const submit = page.getByRole("button", { name: "Sign In" });

    await submit.click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await expect(page).toHaveURL(/\/admin\/login$/);

    await email.fill("not-an-email");
    await password.fill("12345");
    await submit.click();
    await expect(page.getByText("Invalid email address")).toBeVisible();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();

    await email.fill(`${"a".repeat(250)}@example.com`);
    await password.fill("x".repeat(101));
    await submit.click();
    await expect(page.getByText("Email must be less than 255 characters")).toBeVisible();
    await expect(page.getByText("Password must be less than 100 characters")).toBeVisible();
    await expect(page.getByText("Invalid email address")).toHaveCount(0);
  });

  test("the password can be shown and hidden", async ({ page }) => {
    await openLogin(page);
    const password = page.getByLabel("Password", { exact: true });
    await password.fill("secret-value");
    await expect(password).toHaveAttribute("type", "password");
    await page.getByRole("button", { name: "Show password" }).click();
    await expect(password).toHaveAttribute("type", "text");
    await page.getByRole("button", { name: "Hide password" }).click();
    await expect(password).toHaveAttribute("type", "password");
  });

  test("a refused sign-in shows 'Sign In Failed' with the server's message, 'Signing In...' while busy", async ({ page }) => {
    await openLogin(page);
    // Hold the submission a moment so the busy state can be seen.
    await page.route(/\/admin\/login/, async (route) => {
      if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.getByLabel("Email").fill(`${unique("nobody").replace(/\s/g, "-")}@example.com`);
    await page.getByLabel("Password", { exact: true }).fill("wrong-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("button", { name: "Signing In..." })).toBeDisabled();
    await expectToast(page, "Sign In Failed");
    await expectToast(page, "Invalid email or password");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();
  });

  test("signs in to the dashboard, skips the page when signed in, and signs out with 'Signed Out'", async ({ page }) => {
    await signInWithForm(page);
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    await page.goto("/admin/login");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    const addresses: string[] = [];
    page.on("framenavigated", (frame) => {
      if (frame === page.mainFrame()) addresses.push(frame.url());
    });
    await page.getByRole("button", { name: "Sign Out" }).click();
    // The message comes in a flash cookie, not a flag in the address, and shows once: not again on a reload.
    await expect(page).toHaveURL(`${DEMO_URL}/admin/login`);
    await expectToast(page, "Signed Out");
    await expectToast(page, "You have been successfully signed out.");
    await expect(page).toHaveURL(`${DEMO_URL}/admin/login`);
    expect(addresses.filter((address) => address.includes("?"))).toEqual([]);
    await openLogin(page);
    await expect(page.getByText("You have been successfully signed out.")).toHaveCount(0);
    await page.goto("/admin/dashboard");
    await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fdashboard/);
  });

  test("after signing in from a deep link the admin lands where they were going", async ({ page }) => {
    await page.goto("/admin/contact-details");
    await expect(page).toHaveURL(/redirectTo=%2Fadmin%2Fcontact-details/);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/contact-details$/);
    await expect(page.getByRole("heading", { level: 1, name: "Contact Details" })).toBeVisible();
  });
});

test.describe("a signed-out visitor", () => {
  test("is sent from every admin page to the sign-in page", async ({ page }) => {
    for (const path of ["/admin", "/admin/dashboard", "/admin/services", "/admin/projects", "/admin/contact-details", "/admin/profile", "/admin/settings"]) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/admin\/login/);
    }
  });

  test("cannot change anything: admin actions and uploads answer 401", async ({ request }) => {
    const headers = { Origin: DEMO_URL };
    for (const [path, form] of [
      ["/admin/services", { intent: "create", title: "Intruder" }],
      ["/admin/projects", { intent: "create", title: "Intruder" }],
      ["/admin/contact-details", { intent: "create", type: "phone", value: "+960 111 1111" }],
      ["/admin/profile", { intent: "update", full_name: "Intruder" }],
      ["/admin/settings", { intent: "update", key: "header_logo_text", value: "Hacked" }],
    ] as const) {
      const response = await request.post(`${DEMO_URL}${path}`, { form, headers, maxRedirects: 0 });
      expect(response.status(), path).toBe(401);
    }
    const upload = await request.post(`${DEMO_URL}/api/uploads`, {
      headers,
      multipart: { bucket: "site-assets", folder: "logos", file: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } },
    });
    expect(upload.status()).toBe(401);
    const home = await request.get(`${DEMO_URL}/`);
    expect(await home.text()).not.toContain("Intruder");
  });
});
