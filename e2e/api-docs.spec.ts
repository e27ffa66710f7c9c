import { expect, test } from "@playwright/test";

// The API reference at /api/docs renders the published OpenAPI document from this origin's
// files, under the site's Content-Security-Policy, and its "Try it out" calls the real API.
test("the API reference renders every operation under the CSP and calls the API", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  // Nothing is loaded from another site (no CDN; the validator badge is off).
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const outside: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:")) outside.push(url);
  });

  const response = await page.goto("/api/docs");
  expect(response!.headers()["content-security-policy"]).toContain("script-src 'self'");
  await expect(page.getByRole("heading", { name: /Dubbing service API/ })).toBeVisible();
  // Operations from the contract's table, grouped by tag.
  await expect(
    page.locator(".opblock-summary-path", { hasText: "/api/video/{id}/dub" }).first(),
  ).toBeVisible();
  await expect(page.locator(".opblock-tag", { hasText: "Webhooks" })).toBeVisible();

  // "Try it out" on the public health check: the real answer, shown with its status.
  const health = page.locator(".opblock", {
    has: page.locator(".opblock-summary-path", { hasText: /^\/api\/health$/ }),
  });
  await health.locator(".opblock-summary").click();
  await health.getByRole("button", { name: "Try it out" }).click();
  await health.getByRole("button", { name: "Execute" }).click();
  await expect(health.locator(".live-responses-table tbody .response-col_status").first()).toHaveText("200");
  await expect(health.locator(".live-responses-table")).toContainText('"status": "ok"');

  expect(problems).toEqual([]);
  expect(outside).toEqual([]);
});
