// Review in the browser: an owner with a translated project in a workspace invites a reviewer by email and
// sends the translation for review (Approve is held back from them: they made its text); the reviewer
// comments on a line and cannot approve while that comment is open (the server's rule, said beside the
// button); the owner finds the comment and resolves it; the reviewer approves, and the owner sees the
// translation approved by the reviewer.
import {
  APP_ORIGIN,
  askForLink,
  expect,
  invitationPath,
  signIn,
  test,
  translatedInWorkspace,
  uniqueEmail,
} from "./app-fixtures.ts";

test("invite a reviewer, send for review, comment on a line, approve, resolve", async ({ page, browser }) => {
  test.setTimeout(4 * 60_000);
  await signIn(page, uniqueEmail("owner"));
  const reviewerEmail = uniqueEmail("reviewer");
  const comments = (p: typeof page) => p.getByRole("button", { name: /^Comments on line 1:/ });
  const status = (p: typeof page) => p.getByTestId("review-status");

  // the set-up goes through the API (the upload and the invitation form have their own browser tests)
  const id =
    await test.step("the owner translates a project of a workspace and invites a reviewer", async () => {
      const invites = [{ email: reviewerEmail, role: "reviewer" }];
      const { workspaceId, projectId } = await translatedInWorkspace(page, invites);
      await page.evaluate((w) => localStorage.setItem("dubbing.workspace", w), workspaceId);
      return projectId;
    });
  const editorPath = `/projects/${id}?language=es`;

  await test.step("the owner, an editor as well, sends the translation for review", async () => {
    await page.goto(editorPath);
    await expect(status(page)).toHaveText("Draft");
    await page.getByRole("button", { name: "Send for review" }).click();
    await expect(status(page)).toHaveText("In review");
    // they asked for this text, so they are not the one to approve it (the server refuses: 403)
    await expect(page.getByRole("button", { name: "Approve" })).toBeDisabled();
    await expect(page.getByText("You made the last change: another reviewer approves it.")).toBeVisible();
  });

  const reviewer = await browser.newPage({ baseURL: APP_ORIGIN });
  await test.step("the reviewer joins through the emailed link, comments on a line, and is held from approving", async () => {
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
    await expect(reviewer.getByRole("button", { name: "Approve" })).toBeDisabled();
    await expect(
      reviewer.getByText("Resolve your open comment on this translation before approving it."),
    ).toBeVisible();
    // the server agrees: the same approval asked directly is refused
    const direct = await reviewer.request.put(`/api/video/${id}/translations/es/status`, {
      data: { status: "approved" },
    });
    expect(direct.status()).toBe(409);
  });

  await test.step("the owner finds the comment and resolves it", async () => {
    await page.reload();
    await expect(status(page)).toHaveText("In review");
    await expect(comments(page)).toHaveText("1 open comment");
    await comments(page).click();
    const thread = page.getByTestId("comment-thread");
    await expect(thread).toContainText("Less formal, please.");
    await expect(thread).toContainText(reviewerEmail);
    await thread.getByRole("button", { name: "Resolve" }).click();
    await expect(comments(page)).toHaveAccessibleName("Comments on line 1: 0 open");
    await expect(thread).toContainText("Resolved");
  });

  await test.step("the reviewer approves; the owner sees who approved", async () => {
    await reviewer.reload();
    await reviewer.getByRole("button", { name: "Approve" }).click();
    await expect(status(reviewer)).toHaveText("Approved");
    await reviewer.close();
    await page.reload();
    await expect(status(page)).toHaveText("Approved");
    await expect(page.getByText(`by ${reviewerEmail}`)).toBeVisible();
  });
});
