// Each role through the editor: a viewer, a reviewer and an editor of a workspace open the same translated
// project. Each is offered only the controls its role may use (the contract's ACTION_ROLES, which the server
// enforces), and the server agrees: what a role is not offered, it is refused (403) when asked directly.
// An editor whose role is lowered while they edit is told why their save was refused, and the edit is undone.
import type { Page } from "@playwright/test";
import {
  APP_ORIGIN,
  askForLink,
  expect,
  invitationPath,
  signIn,
  test,
  translatedInWorkspace,
  uniqueEmail,
  violations,
} from "./app-fixtures.ts";

const MEMBERS = ["viewer", "reviewer", "editor"] as const;
type Member = (typeof MEMBERS)[number];

/** The editing controls of the transcript tab and the translation tab, by what a person reads. */
const transcriptControls = (p: Page) => ({
  save: p.getByRole("button", { name: /^(Saved|Save Changes)$/ }),
  lineText: p.getByRole("main").locator("textarea"),
  addSpeaker: p.getByRole("button", { name: "Add Speaker" }),
  changeVoice: p.getByRole("button", { name: /Change voice$/ }),
  saveToMyVoices: p.getByRole("button", { name: /Save to My voices/ }),
  translate: p.getByRole("heading", { name: "Translate", exact: true }),
  importSubtitles: p.getByText("Import subtitles"),
  addTerm: p.getByRole("button", { name: "Add term" }),
});
const translationControls = (p: Page) => ({
  saveTranslation: p.getByRole("button", { name: "Save Translation" }),
  dub: p.getByRole("button", { name: "Dub Video" }),
  translateAgain: p.getByRole("button", { name: "Translate again" }),
  delete: p.getByRole("button", { name: "Delete the Spanish translation" }),
  lineText: p.getByRole("main").locator("textarea"),
});

test("each role sees the controls it may use in the editor, and the server refuses the others", async ({
  page,
  browser,
}) => {
  test.setTimeout(5 * 60_000);
  await signIn(page, uniqueEmail("owner"));
  const emails = Object.fromEntries(MEMBERS.map((r) => [r, uniqueEmail(r)])) as Record<Member, string>;

  // the set-up goes through the API (the upload and the invitation form have their own browser tests)
  const { id, workspace } =
    await test.step("the owner translates a project of a workspace and invites each role", async () => {
      const invites = MEMBERS.map((role) => ({ email: emails[role], role }));
      const { workspaceId, projectId } = await translatedInWorkspace(page, invites);
      const sent = await page.request.put(`/api/video/${projectId}/translations/es/status`, {
        data: { status: "in_review" },
      });
      expect(sent.status()).toBe(200);
      return { id: projectId, workspace: workspaceId };
    });

  const pages = {} as Record<Member, Page>;
  for (const role of MEMBERS) {
    await test.step(`the ${role} joins through the emailed link`, async () => {
      const p = await browser.newPage({ baseURL: APP_ORIGIN });
      await p.goto(await askForLink(p, emails[role], await invitationPath(p, emails[role])));
      await expect(p.getByLabel("Workspace").locator("option:checked")).toHaveText(`Agency (${role})`);
      pages[role] = p;
    });
  }

  for (const role of ["viewer", "reviewer"] as const) {
    await test.step(`the ${role} reads the editor: no control to change anything`, async () => {
      const p = pages[role];
      await p.goto(`/projects/${id}`);
      await expect(p.getByTestId("segment").first()).toBeVisible();
      await expect(p.getByTestId("speaker").first()).toBeVisible();
      for (const [name, control] of Object.entries(transcriptControls(p)))
        await expect(control, `${role}: ${name}`).toHaveCount(0);
      await expect(p.getByTestId("glossary-read-only").first()).toBeVisible();
      await expect(p.getByRole("button", { name: "Actions for Client spot" })).toHaveCount(0);

      await p.goto(`/projects/${id}?language=es`);
      await expect(p.getByTestId("read-only-note")).toBeVisible();
      await expect(p.getByTestId("translated-text").first()).not.toBeEmpty();
      for (const [name, control] of Object.entries(translationControls(p)))
        await expect(control, `${role}: ${name}`).toHaveCount(0);
      // the read-only editor passes axe (WCAG 2.1 A/AA) like the editable one
      expect(await violations(p)).toEqual([]);
    });

    await test.step(`the server refuses the ${role} what the screen did not offer`, async () => {
      const r = pages[role].request;
      const refused = [
        await r.put(`/api/video/${id}/transcript`, { data: { speakers: [], transcript: [] } }),
        await r.put(`/api/video/${id}/translation`, { data: { language: "es", transcript: [] } }),
        await r.post(`/api/video/${id}/dub`, { data: { language: "es" } }),
        await r.post(`/api/video/${id}/translate`, { data: { language: "fr" } }),
        await r.delete(`/api/video/${id}/translations/es`),
        await r.put(`/api/video/${id}/glossary`, { data: { glossary: [] } }),
        await r.delete(`/api/video/${id}`),
      ];
      for (const res of refused) {
        expect(res.status(), `${role}: ${res.url()}`).toBe(403);
        expect((await res.json()).error.message).toContain(`(${role}) cannot do this`);
      }
    });
  }

  await test.step("the reviewer's own actions: comment and the verdicts; the viewer has none", async () => {
    const reviewer = pages.reviewer;
    await expect(reviewer.getByRole("button", { name: "Approve" })).toBeEnabled();
    await expect(reviewer.getByRole("button", { name: "Request changes" })).toBeVisible();
    await reviewer.getByRole("button", { name: /^Comments on line 1:/ }).click();
    await expect(reviewer.getByLabel("Comment on line 1")).toBeVisible();

    const viewer = pages.viewer;
    await expect(viewer.getByRole("button", { name: "Approve" })).toHaveCount(0);
    await expect(viewer.getByRole("button", { name: "Request changes" })).toHaveCount(0);
    await viewer.getByRole("button", { name: /^Comments on line 1:/ }).click();
    await expect(viewer.getByLabel("Comment on line 1")).toHaveCount(0);
    const comment = await viewer.request.post(`/api/video/${id}/comments`, {
      data: { language: "es", line: 0, body: "x" },
    });
    expect(comment.status()).toBe(403);
    const verdict = await viewer.request.put(`/api/video/${id}/translations/es/status`, {
      data: { status: "approved" },
    });
    expect(verdict.status()).toBe(403);
  });

  await test.step("the editor edits and dubs, but is not offered deleting the project (an admin's)", async () => {
    const p = pages.editor;
    await p.goto(`/projects/${id}`);
    const t = transcriptControls(p);
    await expect(t.save.first()).toBeVisible();
    await expect(t.lineText.first()).toBeEditable();
    await expect(t.addSpeaker).toBeVisible();
    await expect(t.translate).toBeVisible();
    await p.getByRole("button", { name: "Actions for Client spot" }).click();
    await expect(p.getByRole("menuitem", { name: "Rename" })).toBeVisible();
    await expect(p.getByRole("menuitem", { name: "Delete" })).toHaveCount(0);
    await p.keyboard.press("Escape");
    expect((await p.request.delete(`/api/video/${id}`)).status()).toBe(403);

    await p.goto(`/projects/${id}?language=es`);
    const c = translationControls(p);
    for (const control of [c.saveTranslation, c.dub, c.translateAgain, c.delete])
      await expect(control).toBeVisible();
    await expect(translationControls(p).lineText.first()).toBeEditable();
  });

  await test.step("an editor lowered to viewer while editing is told why the save was refused, and the edit is undone", async () => {
    const p = pages.editor;
    await p.goto(`/projects/${id}`);
    const line = transcriptControls(p).lineText.first();
    const saved = await line.inputValue();
    await line.fill("An edit made while still an editor.");
    const members = await (await page.request.get(`/api/workspaces/${workspace}/members`)).json();
    const editor = members.members.find((m: { email: string }) => m.email === emails.editor);
    const lowered = await page.request.put(`/api/workspaces/${workspace}/members/${editor.userId}`, {
      data: { role: "viewer" },
    });
    expect(lowered.status()).toBe(200);
    await p.getByRole("button", { name: "Save Changes" }).first().click();
    await expect(
      p.getByRole("alert").filter({
        hasText:
          "Not saved: Your role in this workspace (viewer) cannot do this: it needs editor or more. Your unsaved changes were undone.",
      }),
    ).toBeVisible();
    // the screen follows the new role: the lines to read, as saved
    await expect(transcriptControls(p).lineText).toHaveCount(0);
    await expect(p.getByTestId("transcript-text").first()).toHaveText(saved);
  });

  for (const p of Object.values(pages)) await p.close();
});
