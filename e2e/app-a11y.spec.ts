import { expect, signIn, test, uniqueEmail, violations } from "./app-fixtures.ts";

// An axe-core scan (WCAG 2.1 A and AA rules, colour contrast included) of each screen a person uses.

test("public screens have no WCAG A/AA violations", async ({ page }) => {
  await page.route("**/api/blog", (route) =>
    route.fulfill({
      json: [
        {
          slug: "a",
          title: "A post",
          content: "Text ".repeat(50),
          author: "Ana",
          publicationDate: "2025-01-02",
        },
      ],
    }),
  );
  for (const path of [
    "/",
    "/login",
    "/refund-policy",
    "/terms-of-service",
    "/privacy-policy",
    "/blog",
    "/no-such-page",
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await violations(page), path).toEqual([]);
  }
});

test("signed-in screens have no WCAG A/AA violations", async ({ page }) => {
  await signIn(page, uniqueEmail("a11y"));
  for (const path of ["/projects", "/projects/new", "/subscription", "/storyboard", "/workspace"]) {
    await page.goto(path);
    await expect(page.getByRole("heading").first()).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await violations(page), path).toEqual([]);
  }
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/projects");
  await page.getByRole("button", { name: "Open sidebar" }).click();
  await expect(page.getByRole("dialog", { name: "Sidebar" })).toBeVisible();
  expect(await violations(page), "phone sidebar").toEqual([]);
});
