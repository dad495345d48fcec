import { DEMO_URL, EMPTY_URL, expect, signInWithForm, test } from "./fixtures";

test("the home page answers 200 with its text in the server's HTML", async ({ request }) => {
  const response = await request.get(`${DEMO_URL}/`);
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Atoll Construction");
  expect(html).toContain("Residential Construction");
});

test("an unknown path shows the not-found page with status 404", async ({ page }) => {
  const response = await page.goto("/this/does/not/exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404" })).toBeVisible();
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(`${DEMO_URL}/`);
});

test("signed out, /admin/dashboard lands on /admin/login", async ({ page }) => {
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/admin\/login/);
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
});

test("a site started with DEMO_CONTENT=false and ADMIN_EMAIL/ADMIN_PASSWORD is empty and that admin can sign in", async ({ page, request }) => {
  const html = await (await request.get(`${EMPTY_URL}/`)).text();
  expect(html).not.toContain("Residential Construction");
  await signInWithForm(page, EMPTY_URL);
  await expect(page).toHaveURL(`${EMPTY_URL}/admin/dashboard`);
});

test("GET /healthz and /readyz answer 200 when the database answers", async ({ request }) => {
  for (const path of ["/healthz", "/readyz"]) {
    const response = await request.get(`${DEMO_URL}${path}`);
    expect(response.status(), path).toBe(200);
    expect(await response.json()).toEqual({ status: "ok", database: "up" });
    expect(response.headers()["cache-control"]).toBe("no-store");
  }
});
