// The editor fixes anything a transcript got wrong, on an English project: delete a segment, add one at the
// player's position, fix a "Too long" line by its times, translate again after a source edit, retry a dub
// that failed, regenerate one line.
import { mkdtempSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { expect, readyProject, signIn, srtOf, test, uniqueEmail } from "./app-fixtures.ts";

test("an English project: structure, times, translate again, retry a failed dub, regenerate a line", async ({
  page,
}) => {
  test.setTimeout(10 * 60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-edit-"));
  const { video, truth } = makeDialogue(dir, DIALOGUE.slice(0, 4), { name: "talk" });
  await signIn(page, uniqueEmail("editor"));
  // the transcript as subtitles: what the editor does with it is the subject (recognition is app-flow's
  // and app-languages')
  const id = await readyProject(page, { title: "Editing", video, language: "en", subtitles: srtOf(truth) });
  await page.goto(`/projects/${id}`);
  await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 120_000 });
  const segments = page.getByTestId("segment");
  const count = await segments.count();
  expect(count).toBeGreaterThanOrEqual(3);

  await test.step("delete a segment after the confirmation", async () => {
    await page.getByRole("button", { name: "Segment 2 actions" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Segment" });
    await expect(dialog).toContainText("Are you sure you want to delete segment 2?");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(segments).toHaveCount(count - 1);
  });

  await test.step("add a segment at the player's position, type it and save", async () => {
    // the player into the pause before the (new) second segment
    const gap = await page.evaluate(async (videoId) => {
      const project = await (await fetch(`/api/video/${videoId}`)).json();
      return project.transcript[0].end + 100;
    }, id);
    await page.getByTestId("original-video").evaluate((v, ms) => {
      (v as HTMLVideoElement).currentTime = ms / 1000;
    }, gap);
    // the toolbar follows the player
    await expect(page.getByRole("button", { name: /^Add segment at/ })).not.toHaveText(/at 0:00$/);
    await page.getByRole("button", { name: /^Add segment at/ }).click();
    await expect(segments).toHaveCount(count);
    await expect(page.getByLabel("Text of segment 2")).toBeFocused();
    await page.keyboard.type("A new line.");
    await page.getByRole("button", { name: "Save Changes" }).first().click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved successfully" })).toBeVisible();
    const saved = await (await page.request.get(`/api/video/${id}`)).json();
    expect(saved.transcript[1].text).toBe("A new line.");
    expect(saved.transcript[1].start).toBeGreaterThanOrEqual(saved.transcript[0].end);
  });

  await test.step("translate into Spanish, squeeze a line until it is too long, fix it by its times", async () => {
    const panel = page.getByRole("region", { name: "Translate" });
    await panel.getByRole("button", { name: "Spanish", exact: true }).click();
    await panel.getByRole("button", { name: "Translate", exact: true }).click();
    await expect(page).toHaveURL(/\?language=es$/, { timeout: 60_000 });
    await expect(page.getByTestId("translation-status")).toHaveText("translated", { timeout: 120_000 });
    const es = (await (await page.request.get(`/api/video/${id}/translations`)).json()).es.transcript;
    const setTime = async (label: string, ms: number) => {
      const field = page.getByLabel(label);
      await field.fill((ms / 1000).toFixed(3));
      await field.press("Enter");
    };
    // A third of a second for the whole line, and the next line right after it (no pause to borrow).
    await setTime("End of translated segment 1", es[0].start + 300);
    await setTime("Start of translated segment 2", es[0].start + 300);
    await page.getByRole("button", { name: "Dub Video" }).click();
    await expect(page.getByTestId("translation-status")).toHaveText("dubbed", { timeout: 5 * 60_000 });
    await expect(page.getByTestId("translation-segment").first().getByTestId("too-long")).toBeVisible();
    // Fixed by the times alone: the line gets its time back.
    await setTime("End of translated segment 1", es[0].end);
    await setTime("Start of translated segment 2", es[1].start);
    await page.getByRole("button", { name: "Dub Video" }).click();
    // The page reads "dubbed" (with the old report) until the new dub has started: wait for its report.
    await expect
      .poll(
        async () => {
          const es = (await (await page.request.get(`/api/video/${id}/translations`)).json()).es;
          return es.status === "dubbed" ? es.report?.segments?.[0]?.tooLong : es.status;
        },
        { timeout: 5 * 60_000 },
      )
      .toBe(false);
    await expect(page.getByTestId("translation-segment").first().getByTestId("too-long")).toHaveCount(0);
  });

  await test.step("a dub that fails is retried from the editor", async () => {
    // This project's video in the store is replaced by text: the next dub cannot read it, for good. (Its
    // own file, not a folder every project shares: the other browser tests run beside this one.)
    const stored = path.join(process.env.E2E_DATA_DIR!, "storage", "projects", id);
    // the copy made for dubbing when there is one (storage/keys.ts), else the upload as it came
    const files = readdirSync(stored);
    const source = path.join(
      stored,
      files.includes("video.mp4") ? "video.mp4" : files.find((f) => f.startsWith("original."))!,
    );
    renameSync(source, `${source}.away`);
    writeFileSync(source, "not a video");
    try {
      await page.getByRole("button", { name: "Dub Video" }).click();
      await expect(page.getByTestId("translation-status")).toHaveText("failed", { timeout: 120_000 });
      await expect(page.getByRole("alert").filter({ hasText: /^Dubbing failed: / })).toBeVisible();
      await expect(page.getByTestId("previous-dub")).toBeVisible();
    } finally {
      await rm(source, { force: true });
      renameSync(`${source}.away`, source);
    }
    await page.getByRole("button", { name: "Retry dub" }).click();
    await expect(page.getByTestId("translation-status")).toHaveText("dubbed", { timeout: 5 * 60_000 });
    await expect(page.getByTestId("dubbed-video")).toBeVisible();
  });

  await test.step("regenerate one line: only its clip is rendered", async () => {
    await page.getByRole("button", { name: "Regenerate the dubbed line 2" }).click();
    // The status reads "dubbed" until the job has started, so wait for the job's own closing message.
    await expect
      .poll(
        async () => (await (await page.request.get(`/api/video/${id}/translations`)).json()).es.statusMessage,
        { timeout: 5 * 60_000 },
      )
      .toMatch(/^1 of \d+ segments re-rendered$/);
    await expect(page.getByTestId("translation-status")).toHaveText("dubbed");
  });

  await test.step("after a source edit, translate Spanish again", async () => {
    await page.getByRole("tab", { name: /Original/ }).click();
    await page.getByLabel("Text of segment 2").fill("Thank you very much.");
    await page.getByRole("button", { name: "Save Changes" }).first().click();
    await expect(
      page.getByRole("status").filter({ hasText: "Changes saved successfully" }).first(),
    ).toBeVisible();
    await page.getByRole("tab", { name: /Spanish/ }).click();
    await page.getByRole("button", { name: "Translate again" }).click();
    await page
      .getByRole("dialog", { name: "Translate into Spanish again?" })
      .getByRole("button", { name: "Translate again" })
      .click();
    await expect(page.getByLabel("Translated text of segment 2")).toHaveValue(/gracias/i, {
      timeout: 120_000,
    });
  });
});
