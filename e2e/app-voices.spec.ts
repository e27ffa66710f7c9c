// Voices that follow the speaker (#30) in the editor: a two-voice dialogue's speakers measured and matched
// by default; one speaker given their own pitch, the other not matched, saved and shown again.
import { mkdtempSync, readFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { expect, signIn, test, uniqueEmail, violations } from "./app-fixtures.ts";

test("two speakers matched: their measures shown, one given a pitch, one not matched, saved", async ({
  page,
}) => {
  test.setTimeout(5 * 60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-voices-"));
  const { video } = makeDialogue(dir, DIALOGUE.slice(0, 4), { name: "two" });
  await signIn(page, uniqueEmail("voices"));
  const created = await page.request.post("/api/video/process", {
    multipart: {
      title: "Two voices",
      language: "en",
      speakers: "2",
      video: { name: "two.mp4", mimeType: "video/mp4", buffer: readFileSync(video) },
    },
  });
  const id = (await created.json())._id as string;
  await page.goto(`/projects/${id}`);
  await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 150_000 });

  const styles = page.getByTestId("speaker-style");
  await expect(styles).toHaveCount(2);
  for (const i of [0, 1]) {
    await expect(styles.nth(i).getByLabel("Match the speaker")).toBeChecked();
    await expect(styles.nth(i).getByTestId("speaker-measured")).toHaveText(
      /^Measured: \d+ Hz, \d+\.\d syllables\/s$/,
    );
  }
  expect(await violations(page)).toEqual([]);

  // the first speaker at a pitch of the user's (an impossible one is not taken), the second not matched
  const pitch = styles.nth(0).getByLabel(/^Pitch/);
  await pitch.fill("1000");
  await expect(styles.nth(0).getByText("50 to 400")).toBeVisible();
  await pitch.fill("150");
  await expect(styles.nth(0).getByText("50 to 400")).toBeHidden();
  await styles.nth(1).getByLabel("Match the speaker").uncheck();
  await expect(styles.nth(1).getByLabel(/^Pitch/)).toBeDisabled();
  await page.getByRole("button", { name: "Save Changes" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved successfully" })).toBeVisible();

  const saved = await (await page.request.get(`/api/video/${id}`)).json();
  expect(saved.speakers[0].style).toMatchObject({ match: true, pitchHz: 150 });
  expect(saved.speakers[0].style.measured.pitchHz).toBeGreaterThan(0);
  expect(saved.speakers[1].style).toMatchObject({ match: false });

  // the picker says which engine speaks the catalogue's names here, and plays a sample in the language
  await page
    .getByRole("button", { name: /^Voice of .*Change voice$/ })
    .first()
    .click();
  const picker = page.getByRole("dialog", { name: /^Choose a voice for/ });
  await expect(picker.getByTestId("engine-note")).toContainText("offline");
  await expect(picker.getByTestId("voice-engine").first()).toHaveText(
    /spoken by (eSpeak NG|Flite) \(offline\)/,
  );
  await picker.getByLabel("Sample language").selectOption("spanish");
  await expect(picker.getByTestId("voice-engine").first()).toHaveText(" · spoken by eSpeak NG (offline)");
  const sample = page.waitForResponse((r) => r.url().includes("/api/voices/sample/spanish/"));
  await picker
    .getByRole("button", { name: /^Play sample of/ })
    .first()
    .click();
  expect([200, 206]).toContain((await sample).status()); // the audio element asks for a range
  await picker.getByRole("button", { name: "Cancel" }).click();

  await page.reload();
  await expect(styles.nth(0).getByLabel(/^Pitch/)).toHaveValue("150");
  await expect(styles.nth(1).getByLabel("Match the speaker")).not.toBeChecked();
});
