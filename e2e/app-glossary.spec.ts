// The "Done when" of the words issue: a project from a video and an SRT naming two speakers, a glossary
// term added in the editor, a Spanish translation made offline (Apertium) that keeps the term, and the
// speakers named in the translation.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

test("subtitles with two named speakers, a glossary term, and a Spanish translation that keeps it", async ({
  page,
}) => {
  test.setTimeout(5 * 60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-glossary-"));
  const { video } = makeDialogue(dir, [
    { voice: "slt", text: "Acme Cloud keeps your files." },
    { voice: "awb", text: "Acme Cloud is cheap." },
  ]);
  const srt = path.join(dir, "dialogue.srt");
  writeFileSync(
    srt,
    "1\n00:00:00,200 --> 00:00:01,000\nAna: Acme Cloud keeps your files.\n\n2\n00:00:01,200 --> 00:00:02,000\nBen: Acme Cloud is cheap.\n",
  );

  await signIn(page, uniqueEmail("glossary"), "/projects/new");
  await test.step("a project from the video and its subtitles", async () => {
    await page.getByLabel("Project Title").fill("Glossary");
    await page.locator('input[type="file"]').setInputFiles(video);
    await page.getByLabel("Subtitles (optional)").setInputFiles(srt);
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/projects\/(?!new$)[^/?]+$/, { timeout: 60_000 });
    await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 120_000 });
    await expect(page.getByLabel("Name of Ana")).toHaveValue("Ana");
    await expect(page.getByLabel("Name of Ben")).toHaveValue("Ben");
  });

  await test.step("the brand name is kept by the project's glossary", async () => {
    const glossary = page.getByRole("region", { name: "Glossary" });
    const project = glossary.getByRole("group", { name: "This project" });
    await expect(project.getByText("No terms yet.")).toBeVisible();
    await project.getByRole("button", { name: "Add term" }).click();
    await project.getByLabel("Term 1", { exact: true }).fill("Acme Cloud");
    await expect(project.getByLabel("What term 1 becomes")).toHaveValue("keep");
    await project.getByRole("button", { name: "Save glossary" }).click();
    await expect(
      page.getByRole("status").filter({ hasText: "Glossary for this project saved: 1 term." }),
    ).toBeVisible();
    await expect(project.getByRole("button", { name: "Save glossary" })).toBeDisabled();
    const id = page.url().split("/").at(-1);
    const saved = await (await page.request.get(`/api/video/${id}/glossary`)).json();
    expect(saved).toEqual({ glossary: [{ term: "Acme Cloud", keep: true }] });
  });

  await test.step("translated into Spanish offline, the term is kept and the speakers named", async () => {
    const panel = page.getByRole("region", { name: "Translate" });
    await panel.getByRole("button", { name: "Spanish", exact: true }).click();
    await panel.getByRole("button", { name: "Translate", exact: true }).click();
    await expect(page).toHaveURL(/\?language=es$/, { timeout: 60_000 });
    await expect(page.getByTestId("translation-status")).toHaveText("translated", { timeout: 120_000 });
    const segments = page.getByTestId("translation-segment");
    await expect(segments).toHaveCount(2);
    for (const n of [1, 2])
      await expect(page.getByLabel(`Translated text of segment ${n}`)).toHaveValue(/Acme Cloud/);
    await expect(segments.nth(0)).toContainText("Ana");
    await expect(segments.nth(1)).toContainText("Ben");
    await expect(page.getByTestId("glossary-miss")).toHaveCount(0);
  });
});
