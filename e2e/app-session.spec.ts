import { APP_ORIGIN, askForLink, expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

test("a new user signs in by magic link, comes back to the page they asked for, and logs out", async ({
  page,
}) => {
  const email = uniqueEmail("ana");
  await page.goto("/subscription");
  await expect(page).toHaveURL(/\/login\?next=%2Fsubscription$/);
  await signIn(page, email, "/subscription");
  await expect(page.getByTestId("header-title")).toHaveText("Subscription");
  await expect(page.getByRole("heading", { name: "Your Subscription" })).toBeVisible();
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  const quotas = page.getByTestId("quotas");
  await expect(quotas.getByText("Translations this month")).toBeVisible();
  await expect(quotas).toContainText("0 of 20");
  await expect(quotas).toContainText("0 MB of 5 GiB");

  const sidebar = page.getByTestId("sidebar");
  await expect(sidebar.getByTestId("user-email")).toHaveText(email);
  await sidebar.getByRole("link", { name: "Projects" }).click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByTestId("header-title")).toHaveText("Projects");
  await expect(page).toHaveTitle("Projects");

  // The empty state, then the search's own empty text.
  await expect(page.getByRole("heading", { name: "No projects" })).toBeVisible();
  await expect(page.getByText("Get started by creating a new project")).toBeVisible();
  await page.getByPlaceholder("Search projects").fill("nothing");
  await expect(page.getByText("No projects found matching the search term")).toBeVisible();

  // Compact mode narrows the sidebar from w-64 to w-20.
  const width = async () => (await sidebar.boundingBox())!.width;
  expect(await width()).toBe(256);
  await sidebar.getByRole("button", { name: "Compact sidebar" }).click();
  await expect.poll(width).toBe(80);
  await sidebar.getByRole("button", { name: "Expand sidebar" }).click();
  await expect.poll(width).toBe(256);

  await sidebar.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect((await page.request.get("/api/auth/me")).status()).toBe(401);
  await page.goto("/projects");
  await expect(page).toHaveURL(/\/login\?next=%2Fprojects$/);
});

test("a return path the landing page never read does not move a later page", async ({ page }) => {
  await signIn(page, uniqueEmail("raced"));
  await expect(page.getByTestId("header-title")).toHaveText("Projects");
  // what a sign-in leaves when the next page is opened before the landing page has read it
  await page.evaluate(() =>
    localStorage.setItem("dubbing.returnTo", JSON.stringify({ path: "/storyboard", at: Date.now() })),
  );
  await page.goto("/subscription");
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await expect(page).toHaveURL(`${APP_ORIGIN}/subscription`);
});

test("on a phone the sidebar is a slide-in panel with Open sidebar and Close sidebar", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, uniqueEmail("phone"));
  const panel = page.getByRole("dialog", { name: "Sidebar" });
  await expect(page.getByTestId("sidebar")).toBeHidden();
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: "Open sidebar" }).click();
  await expect(panel).toBeVisible();
  await expect(panel.getByRole("link", { name: "Subscription" })).toBeVisible();
  await panel.getByRole("button", { name: "Close sidebar" }).click();
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: "Open sidebar" }).click();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  await page.getByRole("button", { name: "Open sidebar" }).click();
  await panel.getByRole("link", { name: "Subscription" }).click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(panel).toBeHidden();
  await page.screenshot({ path: "test-results/app-phone-subscription.png", fullPage: true });
});

test("Sign out of all devices ends the sessions in every browser", async ({ page, browser }) => {
  const email = uniqueEmail("everywhere");
  const laptop = await browser.newContext({ baseURL: APP_ORIGIN });
  const laptopPage = await laptop.newPage();
  await signIn(laptopPage, email);
  await signIn(page, email, "/account");

  await page.getByRole("button", { name: "Sign out of all devices" }).click();
  await page.getByRole("button", { name: "Yes, sign out everywhere" }).click();
  await expect(page).toHaveURL(/\/login$/);

  await laptopPage.goto("/projects");
  await expect(laptopPage).toHaveURL(/\/login\?next=%2Fprojects$/);
  await laptop.close();
});

test("a sign-in link opened in another browser asks before it signs in, and spends nothing until then", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("bound");
  const link = await askForLink(page, email);

  // The victim of a forwarded link (or a mail scanner) lands on the confirm page, still signed out.
  const other = await browser.newContext({ baseURL: APP_ORIGIN });
  const otherPage = await other.newPage();
  await otherPage.goto(link);
  await expect(otherPage.getByRole("heading", { name: "Finish signing in" })).toBeVisible();
  expect((await otherPage.request.get("/api/auth/me")).status()).toBe(401);

  // The browser that asked signs in at once with the same, unspent link.
  await page.goto(link);
  await expect(page).toHaveURL(`${APP_ORIGIN}/projects`);
  await expect(page.getByTestId("sidebar").getByTestId("user-email")).toHaveText(email);

  // A link asked for on one device and opened on another on purpose: one click signs that browser in.
  const asking = await browser.newContext({ baseURL: APP_ORIGIN });
  const second = await askForLink(await asking.newPage(), email);
  await otherPage.goto(second);
  await otherPage.getByRole("button", { name: "Continue signing in" }).click();
  await expect(otherPage).toHaveURL(`${APP_ORIGIN}/projects`);
  await expect(otherPage.getByTestId("sidebar").getByTestId("user-email")).toHaveText(email);
  await Promise.all([other.close(), asking.close()]);
});

test("'Continue with Google' signs in through the provider (a stand-in for Google) and opens the projects", async ({
  page,
}) => {
  await page.goto(`${APP_ORIGIN}/login`);
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await expect(page).toHaveURL(`${APP_ORIGIN}/projects`);
  await expect(page.getByTestId("sidebar").getByTestId("user-email")).toHaveText("gina@example.com");
});
