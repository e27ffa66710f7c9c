// Link import in the browser: a project created from a link that a local web site serves (the worker
// downloads it, the project page shows it through to its transcript), and a link with no video, whose
// project says why it failed.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { startMediaSite } from "../apps/server/test/media-site.ts";
import { expect, signIn, test, uniqueEmail, violations } from "./app-fixtures.ts";

test("create a project from a link; a link with no video fails with the reason", async ({ page }) => {
  test.setTimeout(6 * 60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "e2e-link-"));
  const site = await startMediaSite(makeDialogue(dir, DIALOGUE.slice(0, 2)).video);
  try {
    await signIn(page, uniqueEmail("link"), "/projects/new");

    await test.step("a direct video link becomes a project with a transcript", async () => {
      await page.getByLabel("Project Title").fill("From a link");
      await page.getByLabel("YouTube link").fill(`${site.url}/clip.mp4`);
      await expect(page.locator("iframe")).toHaveCount(0); // no YouTube preview for another site
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: "Create Project" }).click();
      await expect(page).toHaveURL(/\/projects\/(?!new$)[^/]+$/, { timeout: 60_000 });
      await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 5 * 60_000 });
      await expect(page.getByRole("heading", { name: "From a link" })).toBeVisible();
      expect(site.requests).toContain(`127.0.0.1:${site.port}/clip.mp4`);
    });

    await test.step("a page with no video: the project fails and says why", async () => {
      await page.goto("/projects/new");
      await page.getByLabel("Project Title").fill("No video here");
      await page.getByLabel("YouTube link").fill(`${site.url}/article.html`);
      await page.getByRole("button", { name: "Create Project" }).click();
      await expect(page).toHaveURL(/\/projects\/(?!new$)[^/]+$/, { timeout: 60_000 });
      await expect(page.getByTestId("project-status")).toHaveText("failed", { timeout: 2 * 60_000 });
      await expect(
        page.getByRole("alert").filter({ hasText: "The link could not be downloaded:" }),
      ).toBeVisible();
    });
  } finally {
    await site.close();
  }
});

test("a failed import's editor says it failed, why, and what to do; no video is awaited", async ({
  page,
}) => {
  const site = await startMediaSite("no-video-is-served.mp4"); // only /clip.mp4 reads it
  try {
    await signIn(page, uniqueEmail("link-failed"), "/projects/new");
    await page.getByLabel("Project Title").fill("Nothing to import");
    await page.getByLabel("YouTube link").fill(`${site.url}/article.html`);
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/projects\/(?!new$)[^/]+$/, { timeout: 60_000 });
    await expect(page.getByTestId("project-status")).toHaveText("failed", { timeout: 2 * 60_000 });
    const alert = page.getByRole("alert").filter({ hasText: "Import failed" });
    await expect(alert).toContainText("The link could not be downloaded:");
    await expect(alert).toContainText("Nothing was imported, so this project has no video.");
    await expect(page.locator("video")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Change or transcribe again" })).toHaveCount(0);
    await alert.getByRole("link", { name: "New project" }).click();
    await expect(page).toHaveURL(/\/projects\/new$/);
  } finally {
    await site.close();
  }
});
