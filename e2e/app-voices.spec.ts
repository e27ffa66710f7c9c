// Voices that follow the speaker in the editor: a two-voice dialogue's speakers measured and matched
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
  await expect(picker.getByTestId("voice-engine").first()).toHaveText(/→ (Pico|Piper) .+ \(offline\)/);
  // what speaks Spanish here for this speaker, as the dub chooses at their 150 Hz: Pico's lowered voice
  // (148 Hz) for Andrew; for Ava, Pico's own (198 Hz) would come down 4.8 st, so espeak-ng speaks her
  await picker.getByLabel("Sample language").selectOption("spanish");
  const row = (name: string) => picker.getByRole("listitem").filter({ hasText: new RegExp(`^${name}`) });
  await expect(row("Ava").getByTestId("voice-engine")).toHaveText(" → eSpeak es f1 (offline)");
  await expect(row("Andrew").getByTestId("voice-engine")).toHaveText(" → Pico es-ES (lowered) (offline)");
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

  // a speaker added by hand gets the next unused voice before anyone has heard them; given a line of
  // the other gender's voice, the save hears them and gives them a voice of that gender
  const catalogue = (await (await page.request.get("/api/voices")).json()) as {
    name: string;
    value: string;
    gender: string;
    locale: string;
  }[];
  const genderOf = (value: string) => catalogue.find((v) => v.value === value)?.gender;
  await page.getByRole("button", { name: "Add Speaker" }).click();
  const given = await page.getByTestId("speaker-voice").nth(2).textContent();
  const givenGender = /\((Male|Female),/.exec(given ?? "")?.[1];
  expect(givenGender).toBeDefined();
  // a line spoken by the voice of the other gender (awb's or slt's, whichever that is)
  const voiceOfLine = (i: number) =>
    saved.speakers.find((s: { id: string }) => s.id === saved.transcript[i].speaker).selectedVoice;
  const line = saved.transcript.findIndex(
    (_: unknown, i: number) => genderOf(voiceOfLine(i)) !== givenGender,
  );
  expect(line).toBeGreaterThanOrEqual(0);
  await page.getByLabel(`Speaker of segment ${line + 1}`).selectOption({ label: "Speaker 3" });
  await page.getByRole("button", { name: "Save Changes" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved successfully" })).toBeVisible();
  const withGuest = await (await page.request.get(`/api/video/${id}`)).json();
  const guest = withGuest.speakers[2];
  expect(withGuest.transcript[line].speaker).toBe(guest.id);
  expect(genderOf(guest.selectedVoice)).toBe(genderOf(voiceOfLine(line)));
  expect(guest.style.measured.pitchHz).toBeGreaterThan(0);
  // the editor shows the voice the save gave
  const shown = catalogue.find((v) => v.value === guest.selectedVoice)!;
  await expect(page.getByTestId("speaker-voice").nth(2)).toHaveText(
    `${shown.name} (${shown.gender}, ${shown.locale})`,
  );
});

test("My voices: a speaker's voice saved in one project, offered as heard before and taken in a second one in a click", async ({
  page,
}) => {
  test.setTimeout(6 * 60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-my-voices-"));
  const { video } = makeDialogue(dir, DIALOGUE.slice(0, 4), { name: "two" });
  await signIn(page, uniqueEmail("my-voices"));
  const create = async (title: string) => {
    const res = await page.request.post("/api/video/process", {
      multipart: {
        title,
        language: "en",
        speakers: "2",
        video: { name: "two.mp4", mimeType: "video/mp4", buffer: readFileSync(video) },
      },
    });
    return (await res.json())._id as string;
  };
  const a = await create("First talk");
  const b = await create("Second talk");

  // project A: both speakers matched; the first gets another voice and a pitch of the user's, saved
  await page.goto(`/projects/${a}`);
  await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 150_000 });
  const styles = page.getByTestId("speaker-style");
  await expect(styles).toHaveCount(2);
  for (const i of [0, 1]) await expect(styles.nth(i).getByLabel("Match the speaker")).toBeChecked();
  // a voice that neither A's first speaker nor any of B's speakers has yet
  const taken = [
    ...((await (await page.request.get(`/api/video/${a}`)).json()).speakers as { selectedVoice: string }[]),
    ...((await (await page.request.get(`/api/video/${b}`)).json()).speakers as { selectedVoice: string }[]),
  ].map((s) => s.selectedVoice);
  const catalogue = (await (await page.request.get("/api/voices")).json()) as {
    name: string;
    value: string;
  }[];
  const other = catalogue.find(
    (v) => !taken.includes(v.value) && catalogue.filter((w) => w.name === v.name).length === 1,
  )!;
  await page
    .getByRole("button", { name: /^Voice of .*Change voice$/ })
    .first()
    .click();
  const pickerA = page.getByRole("dialog", { name: /^Choose a voice for/ });
  await expect(pickerA.getByText("No voices yet.", { exact: false })).toBeVisible();
  await pickerA.getByRole("button", { name: `Choose ${other.name}`, exact: true }).click();
  await pickerA.getByRole("button", { name: "Use this voice" }).click();
  await styles
    .nth(0)
    .getByLabel(/^Pitch/)
    .fill("150");
  // unsaved changes: the speaker as saved is what gets kept, so saving to My voices waits
  const save = page.getByRole("button", { name: /^Save to My voices \(the voice of .*\)$/ }).first();
  await expect(save).toBeDisabled();
  await page.getByRole("button", { name: "Save Changes" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved successfully" })).toBeVisible();
  await save.click();
  await expect(page.getByTestId("my-voice-saved").first()).toHaveText(
    /^Saved to My voices as “.+ \(First talk\)”\.$/,
  );
  expect(await violations(page)).toEqual([]);

  // project B: the picker shows My voices first; one click gives the first speaker that voice and pitch
  await page.goto(`/projects/${b}`);
  await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 150_000 });
  // "a voice heard before": the one speaker of B who sounds like A's first is offered the saved voice
  const offer = page.getByTestId("voice-offer");
  await expect(offer).toHaveCount(1);
  await expect(offer).toContainText(/^Sounds like “.+ \(First talk\)” from My voices\./);
  await page
    .getByRole("button", { name: /^Voice of .*Change voice$/ })
    .first()
    .click();
  const pickerB = page.getByRole("dialog", { name: /^Choose a voice for/ });
  const mine = pickerB.getByTestId("my-voices");
  await expect(mine.getByRole("listitem")).toHaveCount(1);
  await expect(mine).toContainText(`${other.name} · 150 Hz`);
  expect(await violations(page)).toEqual([]);
  // renamed in the picker, then taken in one click
  await mine.getByRole("button", { name: /^Rename .*\(First talk\)$/ }).click();
  await mine.getByLabel(/^New name of/).fill("Narrator");
  await mine.getByRole("button", { name: "Save name" }).click();
  await expect(mine.getByRole("button", { name: "Use Narrator" })).toBeVisible();
  await mine.getByRole("button", { name: "Use Narrator" }).click();
  await expect(pickerB).toBeHidden();
  await expect(page.getByTestId("speaker-voice").first()).toContainText(other.name);
  await expect(styles.nth(0).getByLabel(/^Pitch/)).toHaveValue("150");
  // speaking with it now, the speaker is offered it no more
  await expect(offer).toHaveCount(0);
  await page.getByRole("button", { name: "Save Changes" }).first().click();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved successfully" })).toBeVisible();
  const saved = await (await page.request.get(`/api/video/${b}`)).json();
  expect(saved.speakers[0].selectedVoice).toBe(other.value);
  expect(saved.speakers[0].style).toMatchObject({ match: true, pitchHz: 150 });
  expect(saved.speakers[0].style.measured.pitchHz).toBeGreaterThan(0);
});
