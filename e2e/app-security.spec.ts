import type { Page } from "@playwright/test";
import { expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

/** Every Content-Security-Policy violation Chromium reports on the page, as console text. */
function recordViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) seen.push(message.text());
  });
  return seen;
}

test("the app and the sign-in widget run under the Content-Security-Policy", async ({ page }) => {
  const violations = recordViolations(page);
  const landing = await page.goto("/");
  const headers = landing!.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["content-security-policy"]).toContain("script-src 'self'");
  expect(headers["x-content-type-options"]).toBe("nosniff");

  await page.goto("/blog");
  await signIn(page, uniqueEmail("csp"));
  for (const path of ["/projects/new", "/subscription", "/storyboard", "/projects"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  expect(violations).toEqual([]);
});
