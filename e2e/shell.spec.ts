import { expect, test } from "@playwright/test";

test("the server serves the web app: the landing page with its headline", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Break Language Barriers Boost Engagement",
  );
});

test("an unknown address shows a real not-found page that leads home", async ({ page }) => {
  await page.goto("/no/such/page");
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("API misses stay JSON errors, not the app page", async ({ request }) => {
  // no route matched, so no session is asked for: a JSON 404 (sign-in is decided by the matched route)
  const res = await request.get("/api/nothing-here");
  expect(res.status()).toBe(404);
  expect(res.headers()["content-type"]).toContain("application/json");
  expect((await res.json()).error.code).toBeTruthy();
  const anon = await request.get("/api/health");
  expect(anon.status()).toBe(200);
});
