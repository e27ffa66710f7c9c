// Teams in the browser: an owner makes a workspace with the switcher, uploads into it and invites a viewer
// from the Members page; the viewer follows the emailed link, signs in through it, joins and finds the
// project; the switcher takes each back to their personal workspace, where it is not. The owner then renames
// the workspace, changes its setting and the member's role, and deletes it.
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import {
  APP_ORIGIN,
  askForLink,
  expect,
  invitationPath,
  signIn,
  test,
  uniqueEmail,
  violations,
} from "./app-fixtures.ts";

test("a workspace, an upload into it, an invitation by email and the switcher", async ({ page, browser }) => {
  test.setTimeout(4 * 60_000);
  const video = makeDialogue(mkdtempSync(path.join(os.tmpdir(), "e2e-teams-")), DIALOGUE.slice(0, 1)).video;
  const switcher = page.getByLabel("Workspace");
  await signIn(page, uniqueEmail("owner"), "/projects");

  await test.step("the owner makes a workspace and uploads into it", async () => {
    await switcher.selectOption({ label: "New workspace…" });
    const naming = page.getByRole("dialog", { name: "New workspace" });
    await naming.getByRole("button", { name: "Create workspace" }).click();
    await expect(naming.getByRole("alert")).toHaveText("Give the workspace a name.");
    expect(await violations(page)).toEqual([]);
    await naming.getByLabel("Name of the workspace").fill("Agency");
    await naming.getByRole("button", { name: "Create workspace" }).click();
    await expect(naming).toBeHidden();
    await expect(switcher.locator("option:checked")).toHaveText("Agency (owner)");
    // on a phone the header's title stays whole beside the picker
    await page.setViewportSize({ width: 390, height: 800 });
    const title = page.getByTestId("header-title");
    await expect(title).toHaveText("Projects");
    expect(await title.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/projects/new");
    await page.getByLabel("Project Title").fill("Client spot");
    await page.locator('input[type="file"]').setInputFiles(video);
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/projects\/(?!new$)[^/?]+$/, { timeout: 60_000 });
    await page.goto("/projects");
    await expect(page.getByText("Client spot")).toBeVisible();
  });

  const viewerEmail = uniqueEmail("viewer");
  await test.step("the owner invites a viewer from the Members page", async () => {
    await page.getByRole("link", { name: "Members" }).click();
    await page.getByLabel("Email").fill(viewerEmail);
    await page.getByLabel("Role").selectOption("viewer");
    await page.getByRole("button", { name: "Invite" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: `Invitation sent to ${viewerEmail}.` }),
    ).toBeVisible();
    await expect(page.getByText(`${viewerEmail} · viewer · pending`)).toBeVisible();
  });

  await test.step("the viewer follows the emailed link, signs in through it and finds the project", async () => {
    const viewer = await browser.newPage({ baseURL: APP_ORIGIN });
    const invitePath = await invitationPath(viewer, viewerEmail);
    // the sign-in page the link leads to names the workspace and the address to sign in with
    await viewer.goto(`/login?next=${encodeURIComponent(invitePath)}`);
    await expect(viewer.getByTestId("invitation-note")).toHaveText(
      `You are invited to join Agency. Sign in with ${viewerEmail} to accept.`,
    );
    const accepts: string[] = [];
    viewer.on("request", (r) => r.url().endsWith("/api/invites/accept") && accepts.push(r.method()));
    await viewer.goto(await askForLink(viewer, viewerEmail, invitePath));
    await expect(viewer).toHaveURL(`${APP_ORIGIN}/projects`);
    await expect(viewer.getByLabel("Workspace").locator("option:checked")).toHaveText("Agency (viewer)");
    await expect(viewer.getByText("Client spot")).toBeVisible();
    expect(accepts).toEqual(["POST"]); // once, however often the page's effect runs

    await viewer.getByLabel("Workspace").selectOption({ label: "Personal (owner)" });
    await expect(viewer.getByText("Client spot")).toHaveCount(0);
    await viewer.close();
  });

  await test.step("the owner renames the workspace, dubs only approved translations and makes the viewer an editor", async () => {
    await page.reload();
    const role = page.getByLabel(`Role of ${viewerEmail}`);
    await expect(role).toHaveValue("viewer");
    await page.getByLabel("Name").fill("Agency North");
    await page.getByLabel("Dub only approved translations").check();
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await expect(switcher.locator("option:checked")).toHaveText("Agency North (owner)");
    await role.selectOption("editor");
    await page.reload();
    await expect(page.getByLabel(`Role of ${viewerEmail}`)).toHaveValue("editor");
    await expect(page.getByLabel("Dub only approved translations")).toBeChecked();
    // the owner's page of a shared workspace: settings, a member's role, the danger zone
    expect(await violations(page)).toEqual([]);
  });

  await test.step("the owner deletes the workspace, typing its name; the switcher is back on Personal", async () => {
    await page.getByRole("button", { name: "Delete workspace..." }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Agency North?" });
    const confirm = dialog.getByRole("button", { name: "Delete workspace" });
    await expect(confirm).toBeDisabled();
    await dialog.getByLabel(/Type the workspace's name/).fill("Agency North");
    await confirm.click();
    await expect(page.getByText("The workspace Agency North was deleted.")).toBeVisible();
    await expect(switcher.locator("option:checked")).toHaveText("Personal (owner)");
    await expect(switcher.locator("option", { hasText: "Agency North" })).toHaveCount(0);
    await page.goto("/projects");
    await expect(page.getByText("Client spot")).toHaveCount(0);
  });
});
