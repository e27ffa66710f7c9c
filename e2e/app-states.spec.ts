import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

// Empty, loading and error states of PRODUCT.md § Screens and § Texts on failure, each forced by the test (network routes or bad input),
// against the real server.

test.describe.configure({ mode: "serial" });

/** The first bytes of an MP4 (its `ftyp` box): what the new-project form checks before uploading. */
const MP4_HEAD = Buffer.from([0, 0, 0, 24, ...Buffer.from("ftypisom")]);

test("project list: loading, error in place of the list, and empty", async ({ page }) => {
  await signIn(page, uniqueEmail("states"));
  let release: () => void = () => {};
  const held = new Promise<void>((r) => {
    release = r;
  });
  await page.route("**/api/video", async (route) => {
    await held;
    await route.fulfill({ status: 500, json: { error: { code: "internal", message: "boom" } } });
  });
  await page.reload();
  await expect(page.getByText("Loading projects...")).toBeVisible();
  release();
  await expect(page.getByText("Failed to load projects. Please try again later.")).toBeVisible({
    timeout: 15_000,
  });
  await page.unroute("**/api/video");
  await page.reload();
  await expect(page.getByRole("heading", { name: "No projects" })).toBeVisible();
});

test("new project: the §5 messages, the YouTube rules, and server upload errors", async ({ page }) => {
  await signIn(page, uniqueEmail("upload"), "/projects/new");
  const need = "Please upload a video file or provide a YouTube link.";
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByRole("alert").filter({ hasText: need })).toHaveCount(2); // toast and inline

  const link = page.getByLabel("YouTube link");
  await link.fill("https://www.youtube.com/watch?v=short");
  await expect(page.getByText("Invalid YouTube link")).toBeVisible();
  await link.fill("https://youtu.be/dQw4w9WgXcQ");
  await expect(page.getByText("Invalid YouTube link")).toBeHidden();
  await expect(page.frameLocator('iframe[title="YouTube video preview"]').locator("body")).toBeAttached();
  await expect(page.locator('iframe[title="YouTube video preview"]')).toHaveAttribute(
    "src",
    "https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ",
  );
  // a link and a file at once: one or the other
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: "a.mp4", mimeType: "video/mp4", buffer: MP4_HEAD });
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page.locator("p[role=alert]").filter({ hasText: "not both" })).toBeVisible();
  await page.getByRole("button", { name: "Remove" }).click();
  await link.fill("");

  // A file that claims to be a video but is not: refused on choosing it, before anything is sent.
  const fake = path.join(os.tmpdir(), `not-a-video-${Date.now()}.mp4`);
  writeFileSync(fake, "this is plain text, not a video ".repeat(100));
  await page.getByLabel("Project Title").fill("Fake");
  await page.locator('input[type="file"]').setInputFiles(fake);
  await expect(page.locator("p[role=alert]").filter({ hasText: "not a video we can read" })).toBeVisible();
  await expect(page.getByTestId("chosen-file")).toBeHidden();
  // One that starts like an MP4 but is not one: the server's own message (415).
  await page.locator('input[type="file"]').setInputFiles({
    name: "fake.mp4",
    mimeType: "video/mp4",
    buffer: Buffer.concat([MP4_HEAD, Buffer.alloc(4096)]),
  });
  await page.getByRole("button", { name: "Create Project" }).click();
  const serverMessage = page.locator("p[role=alert]").first();
  await expect(serverMessage).toBeVisible({ timeout: 30_000 });
  await expect(serverMessage).not.toHaveText("Failed to upload video. Please try again.");

  // A failure the server does not explain: the specified text.
  await page.route("**/api/video/process", (route) => route.abort("connectionreset"));
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(
    page.locator("p[role=alert]").filter({ hasText: "Failed to upload video. Please try again." }),
  ).toBeVisible();
});

test("editor, storyboard and subscription failures show their messages", async ({ page }) => {
  await signIn(page, uniqueEmail("errs"), "/projects/no-such-project");
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();

  await page.route("**/api/video/slow-one", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({
      status: 404,
      json: { error: { code: "video_not_found", message: "No such project." } },
    });
  });
  await page.goto("/projects/slow-one");
  await expect(page.getByText("Loading...", { exact: true })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();

  await page.route("**/api/storyboard/abc", (route) => route.fulfill({ status: 500, json: {} }));
  await page.goto("/storyboard/abc");
  await expect(page.getByText("Failed to fetch storyboard. Please try again.")).toBeVisible();
  await page.route("**/api/storyboard/gone", (route) =>
    route.fulfill({ status: 404, json: { error: { code: "not_found", message: "x" } } }),
  );
  await page.goto("/storyboard/gone");
  await expect(page.getByText("Storyboard not found")).toBeVisible();
  await expect(page.getByRole("link", { name: "← Back to storyboards" })).toHaveAttribute(
    "href",
    "/storyboard",
  );

  await page.goto("/storyboard");
  await page.getByRole("button", { name: "Create Storyboard" }).click();
  await expect(page.getByText("Title and transcript are required.")).toBeVisible();
  await expect(page.getByLabel("Transcript")).toHaveAttribute("rows", "10");

  // Stripe is not configured on the test server: the screen says so and offers no purchase.
  // With SUPPORT_EMAIL, "Need Help?" offers it; without (this server), there is no contact line at all.
  await page.route("**/api/config", async (route) => {
    const real = await (await route.fetch()).json();
    await route.fulfill({
      json: { ...real, operator: { ...real.operator, supportEmail: "help@dubs.test" } },
    });
  });
  await page.goto("/subscription");
  await expect(page.getByRole("link", { name: "Contact Support" })).toHaveAttribute(
    "href",
    "mailto:help@dubs.test",
  );
  await page.unroute("**/api/config");
  await page.goto("/subscription");
  await expect(page.getByTestId("current-plan")).toHaveText("Free");
  await expect(page.getByRole("heading", { name: "Need Help?" })).toHaveCount(0);
  await expect(page.getByText("Contact Support")).toHaveCount(0);
  await expect(page.getByTestId("purchases-off")).toHaveText("Purchases are not available on this server.");
  await expect(page.getByRole("button", { name: "Upgrade" })).toHaveCount(2);
  for (const b of await page.getByRole("button", { name: "Upgrade" }).all()) await expect(b).toBeDisabled();
  await expect(page.getByRole("button", { name: "Current Plan" })).toBeDisabled();

  // Forced: a server that offers purchases, but whose checkout and portal calls fail.
  const unavailable = {
    error: { code: "billing_unavailable", message: "Billing is not available right now." },
  };
  await page.route("**/api/stripe/config", (route) =>
    route.fulfill({ json: { purchasesAvailable: true, portalAvailable: true, message: null, plans: [] } }),
  );
  await page.route("**/api/stripe/checkout", (route) => route.fulfill({ status: 503, json: unavailable }));
  await page.route("**/api/stripe/portal", (route) => route.fulfill({ status: 503, json: unavailable }));
  await page.reload();
  await page.getByRole("button", { name: "Upgrade" }).first().click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Billing is not available right now." }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Manage billing" }).click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Billing is not available right now." }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Manage billing" })).toBeEnabled();
});

test("notifications close with their button and a new one replaces the old", async ({ page }) => {
  await signIn(page, uniqueEmail("toast"), "/projects/new");
  await page.getByRole("button", { name: "Create Project" }).click();
  const toast = page.locator("[data-kind]");
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute("data-kind", "error");
  await page.getByLabel("YouTube link").fill("https://youtu.be/dQw4w9WgXcQ");
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(toast).toHaveCount(1);
  await expect(toast).toContainText("YouTube");
  await toast.getByRole("button", { name: "Close notification" }).click();
  await expect(toast).toHaveCount(0);
});

test("blog: 'Our Blog' cards with 150-character excerpts, author and date, and a post page", async ({
  page,
}) => {
  await page.goto("/blog");
  await expect(page.getByRole("heading", { level: 1, name: "Our Blog" })).toBeVisible();
  const cards = page.getByRole("article");
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    const excerpt = (await card.locator("p").first().textContent())!;
    expect(excerpt.length).toBeLessThanOrEqual(153);
    if (excerpt.length > 150) expect(excerpt.endsWith("...")).toBe(true);
    expect(excerpt).not.toMatch(/^#|\*\*/);
    await expect(card.locator("time")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/);
  }
  const first = cards.first().getByRole("heading").getByRole("link");
  const title = (await first.textContent())!;
  await first.click();
  await expect(page).toHaveURL(/\/blog\/[^/]+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.locator("article p").nth(1)).not.toBeEmpty();
  await page.goto("/blog/no-such-post");
  await expect(page.getByText("This post does not exist.")).toBeVisible();

  // Forced: the blog cannot be loaded.
  await page.route("**/api/blog", (route) => route.fulfill({ status: 500, json: {} }));
  await page.goto("/blog");
  await expect(page.getByText("Failed to load the blog. Please try again later.")).toBeVisible();
});
