// The report card's speaker fix in the browser (issue #57 item 4): the 20-line dialogue with short turns
// (two flite voices) imported with "Me too, let us." given to the man; once dubbed, the card says the
// line sounds like the woman and offers to move it in one click; after the fix and its re-dub, no line
// is flagged any more.
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { TWENTY } from "@dubbing/dubbing/testing/turns.ts";
import { expect, signIn, test, uniqueEmail } from "./app-fixtures.ts";

const WRONG = 8;

test("a line in the other speaker's voice is flagged and moved to them in one click", async ({ page }) => {
  test.setTimeout(8 * 60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-speaker-"));
  const d = makeDialogue(dir, TWENTY, { name: "t20", leadMs: 1500, turnMs: 350, pauseMs: 500 });
  const time = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace(".", ",");
  const srt = path.join(dir, "turns.srt");
  const who = (voice: string, i: number) => (i === WRONG || voice === "awb" ? "Ben" : "Ana");
  writeFileSync(
    srt,
    d.truth
      .map((t, i) => `${i + 1}\n${time(t.start)} --> ${time(t.end)}\n${who(t.voice, i)}: ${t.text}\n`)
      .join("\n"),
  );

  await signIn(page, uniqueEmail("speaker"), "/projects/new");
  await page.getByLabel("Project Title").fill("Turns");
  await page.locator('input[type="file"]').setInputFiles(d.video);
  await page.getByLabel("Subtitles (optional)").setInputFiles(srt);
  await page.getByRole("button", { name: "Create Project" }).click();
  await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 120_000 });

  const panel = page.getByRole("region", { name: "Translate" });
  await panel.getByRole("button", { name: "Spanish", exact: true }).click();
  await panel.getByRole("button", { name: "Translate", exact: true }).click();
  await expect(page.getByTestId("translation-status")).toHaveText("translated", { timeout: 120_000 });
  await page.getByRole("button", { name: "Dub Video" }).click();
  await expect(page.getByTestId("translation-status")).toHaveText("dubbed", { timeout: 5 * 60_000 });

  const card = page.getByRole("region", { name: "Report card of the dub" });
  await card.locator('button[aria-controls="report-card-lines"]').click();
  const moveIt = { name: "This line sounds like Ana: move it?" };
  const move = card.getByRole("button", moveIt);
  await expect(move).toHaveCount(1);
  const line = card.getByTestId("report-card-line").filter({ has: page.getByRole("button", moveIt) });
  await expect(line).toContainText(`Line ${WRONG + 1}`);
  await expect(line).toContainText("speaker: This line sounds like Ana, not Ben.");
  const fixed = page.waitForResponse((r) => r.url().endsWith(`/lines/${WRONG}/fix`));
  await move.click();
  expect((await fixed).status()).toBe(202);
  // the card comes back with the re-dub
  const summary = card.locator('button[aria-controls="report-card-lines"]');
  await expect(summary).toBeVisible({ timeout: 5 * 60_000 });
  await expect(page.getByTestId("translation-status")).toHaveText("dubbed");
  if ((await summary.getAttribute("aria-expanded")) !== "true") await summary.click();
  await expect(card.getByText(/sounds like/)).toHaveCount(0);
});
