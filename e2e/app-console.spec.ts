// What a visitor's browser console shows on the signed-out pages and the dev mailbox: nothing. No 401 of
// a session check (public pages ask GET /api/auth/session), no React Router "No HydrateFallback" warning
// on a full load, no 404 for the mailbox's icon.
import type { Page } from "@playwright/test";
import { expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

/** Every console error or warning, and every response of 400 or more, while `visit` runs. */
async function noise(page: Page, visit: () => Promise<void>): Promise<string[]> {
  const heard: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error" || m.type() === "warning") heard.push(`${m.type()}: ${m.text()}`);
  });
  page.on("response", (r) => {
    if (r.status() >= 400) heard.push(`${r.status()} ${new URL(r.url()).pathname}`);
  });
  await visit();
  return heard;
}

test("the signed-out pages and the dev mailbox log nothing", async ({ page }) => {
  const heard = await noise(page, async () => {
    for (const path of ["/", "/login", "/blog", "/terms-of-service", "/dev/mailbox"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
    }
  });
  expect(heard).toEqual([]);
});

test("a visitor with a session is sent on from /login (the public session check sees it)", async ({
  page,
}) => {
  await signIn(page, uniqueEmail("console"));
  await page.goto("/login");
  await expect(page).toHaveURL(/\/projects$/);
});

test("'Check your email' names this server's dev mailbox, where the link is, instead of webmail", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByLabel("Email").fill(uniqueEmail("mailbox"));
  await page.getByRole("button", { name: "Continue with email" }).click();
  await expect(page.getByText("Check your email")).toBeVisible();
  await expect(page.getByRole("link", { name: "Open this server's dev mailbox" })).toHaveAttribute(
    "href",
    /\/dev\/mailbox$/,
  );
  await expect(page.getByRole("link", { name: /Gmail|Yahoo|Outlook/ })).toHaveCount(0);
});
