// Users own their data, in the browser: rename and delete from the list and the editor, delete a translation,
// download everything as a ZIP, and close the account.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import type { Page } from "@playwright/test";
import { readZip } from "../apps/server/test/zip.ts";
import {
  APP_ORIGIN,
  expect,
  readyProject,
  signIn,
  srtOf,
  test,
  uniqueEmail,
  violations,
} from "./app-fixtures.ts";

const dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-data-"));
const { video, truth } = makeDialogue(dir, [
  { voice: "awb", text: "Good morning and welcome to the program." },
  { voice: "slt", text: "Thank you, it is a pleasure to be here." },
]);

/**
 * A project made through the API with the page's session, ready: its lines as subtitles, what is owned,
 * renamed, deleted and exported being the subject, not what is heard.
 */
const ready = (page: Page, title: string) => readyProject(page, { title, video, subtitles: srtOf(truth) });

test("rename and delete projects from the list and the editor, and delete a translation", async ({
  page,
}) => {
  test.setTimeout(5 * 60_000);
  await signIn(page, uniqueEmail("owner"));
  const first = await ready(page, "First talk");
  const second = await ready(page, "Second talk");
  const translated = await page.request.post(`/api/video/${second}/translate`, {
    data: { language: "es" },
    headers: { prefer: "wait=120" },
  });
  expect((await translated.json()).status).toBe("translated");

  await test.step("rename from the list card's menu", async () => {
    await page.goto("/projects");
    await page.getByRole("button", { name: "Actions for First talk" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename project" });
    await dialog.getByLabel("Title").fill("   ");
    await dialog.getByRole("button", { name: "Rename" }).click();
    await expect(dialog.getByRole("alert")).toHaveText("A title is required.");
    await dialog.getByLabel("Title").fill("Opening talk");
    await dialog.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByRole("heading", { name: "Opening talk" })).toBeVisible();
    expect(await violations(page), "project list with menus").toEqual([]);
  });

  await test.step("delete from the list, after a confirmation naming the project", async () => {
    await page.getByRole("button", { name: "Actions for Opening talk" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: 'Delete "Opening talk"?' });
    await dialog.getByRole("button", { name: "Delete project" }).click();
    await expect(page.getByRole("heading", { name: "Opening talk" })).toHaveCount(0);
    expect((await page.request.get(`/api/video/${first}`)).status()).toBe(404);
  });

  await test.step("rename in the editor, and delete its Spanish translation", async () => {
    await page.goto(`/projects/${second}?language=es`);
    await page.getByRole("button", { name: "Actions for Second talk" }).click();
    await page.getByRole("menuitem", { name: "Rename" }).click();
    await page.getByRole("dialog", { name: "Rename project" }).getByLabel("Title").fill("Main talk");
    await page
      .getByRole("dialog", { name: "Rename project" })
      .getByRole("button", { name: "Rename" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Main talk" })).toBeVisible();
    await page.getByRole("button", { name: /Delete the Spanish translation/ }).click();
    await page
      .getByRole("dialog", { name: "Delete the Spanish translation?" })
      .getByRole("button", { name: "Delete translation" })
      .click();
    await expect(page.getByRole("tab", { name: /Spanish/ })).toHaveCount(0);
    expect(await (await page.request.get(`/api/video/${second}/translations`)).json()).toEqual({});
  });

  await test.step("delete from the editor: back to an empty list", async () => {
    await page.getByRole("button", { name: "Actions for Main talk" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    await page
      .getByRole("dialog", { name: 'Delete "Main talk"?' })
      .getByRole("button", { name: "Delete project" })
      .click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole("heading", { name: "No projects" })).toBeVisible();
  });
});

test("download my data, then delete the account and start again empty", async ({ page, browser }) => {
  test.setTimeout(5 * 60_000);
  const email = uniqueEmail("leaver");
  await signIn(page, email);
  const id = await ready(page, "Keepsake");
  const editor = await (await page.request.get(`/api/video/${id}`)).json();

  await test.step("the account page: email, sign-in methods, and the size before asking", async () => {
    await page.getByRole("link", { name: "Account" }).first().click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByTestId("account-email")).toHaveText(email);
    await expect(page.getByText(`Email link to ${email}`)).toBeVisible();
    await expect(page.getByTestId("export-estimate")).toContainText("1 project and 0 storyboards");
    expect(await violations(page), "account page").toEqual([]);
  });

  await test.step("download my data: the ZIP's transcript is the editor's", async () => {
    await page.getByRole("button", { name: "Prepare download" }).click();
    const link = page.getByRole("link", { name: /Download ZIP/ });
    await expect(link).toBeVisible({ timeout: 60_000 });
    const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
    const file = path.join(dir, "my-data.zip");
    await download.saveAs(file);
    const files = await readZip(file);
    const name = [...files.keys()].find((n) => n.endsWith("/project.json"))!;
    expect(JSON.parse(files.get(name)!.toString()).transcript).toEqual(editor.transcript);
  });

  await test.step("delete the account: the old session stops working", async () => {
    const cookies = await page.context().cookies();
    await page.getByRole("button", { name: "Delete account" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete your account?" });
    const confirm = dialog.getByRole("button", { name: "Delete my account" });
    await dialog.getByLabel(/Type your email address/).fill("wrong@example.com");
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Type your email address/).fill(email);
    await confirm.click();
    await expect(page).toHaveURL(`${APP_ORIGIN}/?account=deleted`);
    const old = await browser.newContext({ baseURL: APP_ORIGIN });
    await old.addCookies(cookies);
    expect((await old.request.get("/api/video")).status()).toBe(401);
    await old.close();
  });

  await test.step("signing in again with the same email starts a new, empty account", async () => {
    await signIn(page, email);
    await expect(page.getByRole("heading", { name: "No projects" })).toBeVisible();
  });
});
