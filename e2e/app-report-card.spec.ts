// The dub's report card in the browser: a Spanish translation with one line left in English is dubbed;
// the dub panel says how many lines need a look, the review list names that line's finding in plain
// words, "Go to the line" shows it, and "Reviewed, keep it" is kept by the server across a reload.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

test("a dubbed line left in English is found, shown with its finding, and kept once reviewed", async ({
  page,
}) => {
  test.setTimeout(6 * 60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-card-"));
  // line 1 is one Apertium translates and translates back well ("good" gives "El tiempo es bien hoy",
  // which the meaning check rightly warns about)
  const lines = ["The weather is nice today.", "We walk to the river in the morning."];
  const { video } = makeDialogue(dir, [
    { voice: "slt", text: lines[0]! },
    { voice: "awb", text: lines[1]! },
  ]);
  // the subtitles give the transcript at once: no recognition to wait for
  const srt = path.join(dir, "lines.srt");
  writeFileSync(
    srt,
    `1\n00:00:00,600 --> 00:00:02,000\nAna: ${lines[0]}\n\n2\n00:00:02,900 --> 00:00:05,000\nBen: ${lines[1]}\n`,
  );

  await signIn(page, uniqueEmail("card"), "/projects/new");
  await page.getByLabel("Project Title").fill("Report card");
  await page.locator('input[type="file"]').setInputFiles(video);
  await page.getByLabel("Subtitles (optional)").setInputFiles(srt);
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 120_000 });

  await test.step("translated into Spanish, the second line put back in English", async () => {
    const panel = page.getByRole("region", { name: "Translate" });
    await panel.getByRole("button", { name: "Spanish", exact: true }).click();
    await panel.getByRole("button", { name: "Translate", exact: true }).click();
    await expect(page.getByTestId("translation-status")).toHaveText("translated", { timeout: 120_000 });
    await page.getByLabel("Translated text of segment 2").fill(lines[1]!);
    await page.getByRole("button", { name: "Save Translation" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved successfully" })).toBeVisible();
  });

  const card = page.getByRole("region", { name: "Report card of the dub" });
  await test.step("dubbed, the report card says a line needs a look and names it", async () => {
    await page.getByRole("button", { name: "Dub Video" }).click();
    await expect(page.getByTestId("translation-status")).toHaveText("dubbed", { timeout: 4 * 60_000 });
    const summary = card.locator('button[aria-controls="report-card-lines"]');
    await expect(summary).toHaveText(/^1 line needs a look — review$/);
    // by keyboard: the summary opens the review list
    await summary.focus();
    await page.keyboard.press("Enter");
    await expect(summary).toHaveAttribute("aria-expanded", "true");
    await expect(summary).toHaveText(/— hide$/);
    const items = card.getByTestId("report-card-line");
    await expect(items.first()).toContainText("Line 2 failed a check");
    await expect(items.first()).toContainText("untranslated: The line is the original text, not translated.");
    await items.first().getByRole("button", { name: "Go to the line" }).click();
    await expect(page.getByLabel("Translated text of segment 2")).toHaveValue(lines[1]!);
  });

  await test.step("reviewed, kept: the server keeps it across a reload", async () => {
    const line = card.getByTestId("report-card-line").filter({ hasText: "Line 2" });
    await line.getByRole("button", { name: "Reviewed, keep it" }).click();
    await expect(line).toContainText("Line 2 reviewed, kept");
    await page.reload();
    await expect(card.locator('button[aria-controls="report-card-lines"]')).toHaveText(
      "All 2 lines pass their checks or were reviewed. — show",
      { timeout: 30_000 },
    );
  });
});
