// Review in the browser: an owner with a translated project in a workspace invites a reviewer by email and
// sends the translation for review; the reviewer comments on a line and approves; the owner finds the
// comment, resolves it and sees the translation approved by the reviewer.
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { APP_ORIGIN, askForLink, expect, invitationPath, signIn, test, uniqueEmail } from "./app-fixtures.ts";

test("invite a reviewer, send for review, comment on a line, approve, resolve", async ({ page, browser }) => {
  test.setTimeout(4 * 60_000);
  const video = makeDialogue(mkdtempSync(path.join(os.tmpdir(), "e2e-review-")), DIALOGUE.slice(0, 1)).video;
  await signIn(page, uniqueEmail("owner"));
  const reviewerEmail = uniqueEmail("reviewer");
  const comments = (p: typeof page) => p.getByRole("button", { name: /^Comments on line 1:/ });
  const status = (p: typeof page) => p.getByTestId("review-status");

  // the set-up goes through the API (the upload and the invitation form have their own browser tests)
  const id =
    await test.step("the owner translates a project of a workspace and invites a reviewer", async () => {
      const workspace = await (
        await page.request.post("/api/workspaces", { data: { name: "Agency" } })
      ).json();
      await page.evaluate((w) => localStorage.setItem("dubbing.workspace", w), workspace.id);
      const upload = await page.request.post(`/api/video/process?workspaceId=${workspace.id}`, {
        multipart: {
          title: "Client spot",
          language: "en",
          video: { name: "spot.mp4", mimeType: "video/mp4", buffer: readFileSync(video) },
        },
      });
      const projectId = (await upload.json())._id as string;
      await expect
        .poll(async () => (await (await page.request.get(`/api/video/${projectId}`)).json()).status, {
          timeout: 120_000,
        })
        .toBe("ready");
      const translated = await page.request.post(`/api/video/${projectId}/translate`, {
        data: { language: "es" },
        headers: { Prefer: "wait=120" },
      });
      expect(translated.status()).toBe(200);
      const invited = await page.request.post(`/api/workspaces/${workspace.id}/invites`, {
        data: { email: reviewerEmail, role: "reviewer" },
      });
      expect(invited.status()).toBe(201);
      return projectId;
    });
  const editorPath = `/projects/${id}?language=es`;

  await test.step("the owner, an editor as well, sends the translation for review", async () => {
    await page.goto(editorPath);
    await expect(status(page)).toHaveText("Draft");
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(status(page)).toHaveText("In review");
  });

  await test.step("the reviewer joins through the emailed link, comments on a line and approves", async () => {
    const reviewer = await browser.newPage({ baseURL: APP_ORIGIN });
    await reviewer.goto(
      await askForLink(reviewer, reviewerEmail, await invitationPath(reviewer, reviewerEmail)),
    );
    await expect(reviewer.getByLabel("Workspace").locator("option:checked")).toHaveText("Agency (reviewer)");
    await reviewer.goto(editorPath);
    await expect(status(reviewer)).toHaveText("In review");
    await expect(reviewer.getByRole("button", { name: "Send for review" })).toHaveCount(0);
    await comments(reviewer).click();
    await reviewer.getByLabel("Comment on line 1").fill("Less formal, please.");
    await reviewer.getByRole("button", { name: "Comment", exact: true }).click();
    await expect(comments(reviewer)).toHaveAccessibleName("Comments on line 1: 1 open");
    await reviewer.getByRole("button", { name: "Approve" }).click();
    await expect(status(reviewer)).toHaveText("Approved");
    await reviewer.close();
  });

  await test.step("the owner finds the comment, resolves it, and sees who approved", async () => {
    await page.reload();
    await expect(status(page)).toHaveText("Approved");
    await expect(page.getByText(`by ${reviewerEmail}`)).toBeVisible();
    await expect(comments(page)).toHaveText("1 open comment");
    await comments(page).click();
    const thread = page.getByTestId("comment-thread");
    await expect(thread).toContainText("Less formal, please.");
    await expect(thread).toContainText(reviewerEmail);
    await thread.getByRole("button", { name: "Resolve" }).click();
    await expect(comments(page)).toHaveAccessibleName("Comments on line 1: 0 open");
    await expect(thread).toContainText("Resolved");
  });
});
