// Subtitle files: a new project whose transcript and speakers come from an SRT (no speech recognition),
// then "Import subtitles" fills a Spanish translation from a WebVTT file, ready to dub.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

test("a new project from a video and its subtitles, then a translation imported in the editor", async ({
  page,
}) => {
  test.setTimeout(5 * 60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-subs-"));
  const { video } = makeDialogue(dir, [
    { voice: "slt", text: "Good morning and welcome." },
    { voice: "awb", text: "Thank you, it is good to be here." },
  ]);
  const srt = path.join(dir, "dialogue.srt");
  writeFileSync(
    srt,
    "1\n00:00:00,200 --> 00:00:01,000\nAna: Good morning.\n\n2\n00:00:01,200 --> 00:00:02,000\nBen: Thank you.\n",
  );
  const vtt = path.join(dir, "es.vtt");
  writeFileSync(
    vtt,
    "WEBVTT\n\n00:00.200 --> 00:01.000\nBuenos días.\n\n00:01.200 --> 00:02.000\nGracias.\n",
  );

  await signIn(page, uniqueEmail("subtitles"), "/projects/new");
  await test.step("the form takes a subtitle file beside the video", async () => {
    await page.getByLabel("Project Title").fill("With subtitles");
    await page.locator('input[type="file"]').setInputFiles(video);
    await page.getByLabel("Subtitles (optional)").setInputFiles(srt);
    await expect(page.getByTestId("chosen-subtitles")).toHaveText("dialogue.srt");
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/projects\/(?!new$)[^/?]+$/, { timeout: 60_000 });
    await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 120_000 });
  });

  await test.step("the cues are the transcript and name two speakers", async () => {
    await expect(page.getByTestId("segment")).toHaveCount(2);
    await expect(page.getByLabel("Text of segment 1")).toHaveValue("Good morning.");
    await expect(page.getByTestId("speaker")).toHaveCount(2);
    await expect(page.getByLabel("Name of Ana")).toHaveValue("Ana");
    await expect(page.getByLabel("Name of Ben")).toHaveValue("Ben");
  });

  await test.step("Import subtitles as the Spanish translation", async () => {
    await page.getByRole("button", { name: "Import subtitles" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByLabel("Import as").selectOption("es");
    await dialog.getByLabel("SRT or WebVTT file").setInputFiles(vtt);
    await dialog.getByRole("button", { name: "Import as Spanish" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("tab", { name: /Spanish/ })).toBeVisible();
  });
});
