import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import type { Page } from "@playwright/test";
import { expect, signIn, test, uniqueEmail, violations } from "./app-fixtures.ts";

// A short two-speaker dialogue, spoken by two flite voices over a test pattern: real speech, known script.
const LINES = [
  { voice: "awb", text: "Good morning and welcome to the program." },
  { voice: "slt", text: "Thank you, it is a pleasure to be here today." },
  { voice: "awb", text: "Let us talk about the weather this week." },
];

/** Drops a file on the dropzone the way a browser does when a person drags it in. */
async function dropFile(page: Page, file: string, type: string) {
  const b64 = readFileSync(file).toString("base64");
  const dataTransfer = await page.evaluateHandle(
    ({ b64, name, type }) => {
      const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
      const dt = new DataTransfer();
      dt.items.add(new File([bytes], name, { type }));
      return dt;
    },
    { b64, name: path.basename(file), type },
  );
  const zone = page.getByTestId("dropzone");
  await zone.dispatchEvent("dragenter", { dataTransfer });
  await zone.dispatchEvent("dragover", { dataTransfer });
  await zone.dispatchEvent("drop", { dataTransfer });
}

test("a new user uploads, edits, translates into two languages, dubs and downloads", async ({ page }) => {
  test.setTimeout(15 * 60_000);
  const dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-web-"));
  const { video } = makeDialogue(dir, LINES, { name: "interview" });
  const email = uniqueEmail("flow");
  let projectUrl = "";

  await test.step("sign in by magic link and open New Project", async () => {
    await signIn(page, email);
    await page.getByRole("link", { name: "New Project" }).first().click();
    await expect(page).toHaveURL(/\/projects\/new$/);
    await expect(page.getByText("MP4, WebM, or OGG up to 10GB")).toBeVisible();
  });

  await test.step("drag the video in, see its preview and create the project with upload progress", async () => {
    await page.getByLabel("Project Title").fill("Morning interview");
    await dropFile(page, video, "video/mp4");
    await expect(page.getByTestId("chosen-file")).toHaveText("interview.mp4");
    await expect(page.getByLabel("Preview of the chosen video")).toBeVisible();
    // A slow connection (100 KB/s up), so the waiting panel shows real upload progress for a few seconds.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 100 * 1024,
    });
    await page.getByRole("button", { name: "Create Project" }).click();
    await expect(page.getByRole("button", { name: "Uploading..." })).toBeDisabled();
    await expect(
      page.getByRole("heading", { name: "Uploading your video and creating transcript..." }),
    ).toBeVisible();
    await expect(page.getByRole("progressbar", { name: "Upload progress" })).toBeVisible();
    await expect(page.getByTestId("tagline")).not.toBeEmpty();
    const bar = page.getByRole("progressbar", { name: "Upload progress" });
    await expect.poll(async () => Number(await bar.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
    await expect(page).toHaveURL(/\/projects\/(?!new$)[^/]+$/, { timeout: 60_000 });
    projectUrl = page.url();
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  });

  await test.step("watch it process until the transcript is ready", async () => {
    await expect(page).toHaveTitle("Project - Morning interview");
    await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 5 * 60_000 });
    await expect(page.getByTestId("segment").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Saved" })).toHaveCount(2);
    expect(await violations(page), "editor").toEqual([]);
  });

  const segments = page.getByTestId("segment");
  const speakers = page.getByTestId("speaker");

  await test.step("edit a segment's text and times", async () => {
    const first = segments.first();
    await first.getByLabel("Text of segment 1").fill("Good morning, and welcome to our show.");
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(2);
    const start = first.getByLabel("Start of segment 1");
    await start.fill("-2");
    await start.press("Enter");
    await expect(start).toHaveValue("0:00.000");
    const end = first.getByLabel("End of segment 1");
    await end.fill("0:2.75");
    await end.press("Enter");
    await expect(end).toHaveValue("0:02.750");
    await end.fill("not a time");
    await end.press("Tab");
    await expect(first.getByText("Use s, m:s or h:m:s")).toBeVisible();
    await end.fill("2.75");
    await end.press("Tab");
    await expect(end).toHaveValue("0:02.750");
  });

  await test.step("add a speaker and delete it after confirming", async () => {
    const before = await speakers.count();
    await page.getByRole("button", { name: "Add Speaker" }).click();
    await expect(speakers).toHaveCount(before + 1);
    const added = speakers.last();
    await expect(added.getByRole("textbox")).toHaveValue(`Speaker ${before + 1}`);
    // It got a voice nobody else uses.
    const voices = await speakers.getByTestId("speaker-voice").allTextContents();
    expect(new Set(voices).size).toBe(voices.length);
    await added.getByRole("button", { name: /^Delete / }).click();
    const dialog = page.getByRole("dialog", { name: "Delete Speaker" });
    await expect(
      dialog.getByText("Are you sure you want to delete this speaker? This action cannot be undone."),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(speakers).toHaveCount(before + 1);
    await added.getByRole("button", { name: /^Delete / }).click();
    await dialog.getByRole("button", { name: "Delete" }).click();
    await expect(speakers).toHaveCount(before);
  });

  await test.step("change a voice after hearing its sample", async () => {
    await speakers
      .first()
      .getByRole("button", { name: /Change voice/ })
      .click();
    const picker = page.getByRole("dialog", { name: /Choose a voice for/ });
    expect(await violations(page), "voice picker").toEqual([]);
    await picker.getByLabel("Gender").selectOption("Female");
    const option = picker.getByRole("listitem").nth(2);
    const name = (await option.locator("p").first().textContent())!;
    const sample = page.waitForResponse((r) => r.url().includes("/api/voices/sample/"), { timeout: 60_000 });
    await option.getByRole("button", { name: `Play sample of ${name}` }).click();
    const res = await sample;
    expect([200, 206]).toContain(res.status());
    expect(res.headers()["content-type"]).toContain("audio/mpeg");
    await expect(option.getByRole("button", { name: `Stop sample of ${name}` })).toBeVisible({
      timeout: 30_000,
    });
    await option.getByRole("button", { name: `Choose ${name}` }).click();
    await picker.getByRole("button", { name: "Use this voice" }).click();
    await expect(speakers.first().getByTestId("speaker-voice")).toContainText(name);
  });

  await test.step("a failed save says so; the next save succeeds", async () => {
    await page.route(/\/api\/video\/[^/]+$/, (route) =>
      route.request().method() === "PUT" ? route.fulfill({ status: 500, body: "{}" }) : route.continue(),
    );
    await page.getByRole("button", { name: "Save Changes" }).first().click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to save changes" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(2);
    await page.unroute(/\/api\/video\/[^/]+$/);
    await page.getByRole("button", { name: "Save Changes" }).last().click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved successfully" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Saved" })).toHaveCount(2);
    await page.reload();
    await expect(segments.first().getByLabel("Text of segment 1")).toHaveValue(
      "Good morning, and welcome to our show.",
    );
    await expect(segments.first().getByLabel("End of segment 1")).toHaveValue("0:02.750");
  });

  await test.step("the player bar: markers, tooltip, Space key, clicking a segment seeks", async () => {
    const bar = page.getByRole("region", { name: "Player" });
    await expect(bar.getByTestId("segment-marker")).toHaveCount(await segments.count());
    await expect(bar.getByTestId("time-readout")).toHaveText(/^0:00 \/ 0:\d\d$/);
    const seek = bar.getByTestId("seek-bar");
    const box = (await seek.boundingBox())!;
    const marker = (await bar.getByTestId("segment-marker").nth(1).boundingBox())!;
    await page.mouse.move(marker.x + marker.width / 2, box.y + box.height / 2);
    await expect(bar.getByTestId("seek-tooltip")).toContainText(/Speaker \d · 0:0\d/);

    // Space toggles play when no text field has focus…
    await page.locator("h1").click();
    await page.keyboard.press("Space");
    await expect(bar.getByRole("button", { name: "Pause" })).toBeVisible();
    await page.keyboard.press("Space");
    await expect(bar.getByRole("button", { name: "Play" })).toBeVisible();
    // …but types a space in a text field.
    const text = segments.nth(1).getByLabel("Text of segment 2");
    await text.focus();
    await text.press("End");
    await page.keyboard.press("Space");
    await expect(bar.getByRole("button", { name: "Play" })).toBeVisible();
    await expect(text).toHaveValue(/ $/);
    await text.press("Backspace");
    await expect(page.getByRole("button", { name: "Saved" })).toHaveCount(0);
    await page.getByRole("button", { name: "Save Changes" }).first().click();
    await expect(page.getByRole("button", { name: "Saved" })).toHaveCount(2);

    // Clicking a segment seeks there and highlights it.
    const third = segments.nth(2);
    await third.click({ position: { x: 5, y: 5 } });
    await expect(third).toHaveAttribute("data-active", "true");
    await expect(segments.first()).toHaveAttribute("data-active", "false");
    const t = await page.getByTestId("original-video").evaluate((v) => (v as HTMLVideoElement).currentTime);
    expect(t).toBeGreaterThan(1);
  });

  let languages: string[] = [];
  await test.step("translate into two languages, one at a time, and land on the last", async () => {
    const panel = page.getByRole("region", { name: "Translate" });
    // The first two languages an engine can both translate and voice.
    const options = await panel.getByRole("listitem").all();
    for (const li of options) {
      const button = li.getByRole("button");
      if ((await button.isEnabled()) && !(await li.getByText(/Translation only/).count())) {
        languages.push((await button.locator("span span").first().textContent())!);
      }
      if (languages.length === 2) break;
    }
    expect(languages).toHaveLength(2);
    const order: string[] = [];
    page.on("request", (r) => {
      if (r.url().endsWith("/translate") && r.method() === "POST")
        order.push(JSON.parse(r.postData()!).language);
    });
    for (const name of languages) await panel.getByRole("button", { name, exact: true }).click();
    await panel.getByRole("button", { name: "Translate", exact: true }).click();
    await expect(page).toHaveURL(/\?language=\w+$/, { timeout: 60_000 });
    const last = new URL(page.url()).searchParams.get("language")!;
    expect(order).toHaveLength(2);
    expect(order[1]).toBe(last);
    languages = order;
    await expect(page.getByTestId("translation-status")).toHaveText(/translated|dubbed/, {
      timeout: 5 * 60_000,
    });
    await expect(page.getByRole("tab")).toHaveCount(3);
    // The language tabs follow the arrow keys and keep ?language= in step.
    await page.getByRole("tab", { selected: true }).focus();
    await page.keyboard.press("Home");
    await expect(page.getByRole("tab", { selected: true })).toContainText("Original");
    await expect(page).not.toHaveURL(/language=/);
    await page.keyboard.press("End");
    await expect(page).toHaveURL(new RegExp(`language=${last}$`));
    expect(await violations(page), "translation tab").toEqual([]);
  });

  await test.step("edit the translation: difference indicators and Saving...", async () => {
    const seg = page.getByTestId("translation-segment").first();
    await expect(seg.getByTestId("difference")).toHaveText(/^[+-]?\d+ chars · \d+%$/);
    const save = page.getByRole("button", { name: "Save Translation" });
    await expect(save).toBeDisabled();
    const box = seg.getByLabel("Translated text of segment 1");
    const original = await box.inputValue();
    await box.fill(`${original} ${original}`);
    await expect(seg.getByTestId("difference")).toHaveAttribute("data-warn", "true");
    await box.fill(original);
    await expect(seg.getByTestId("difference")).toHaveAttribute("data-warn", /true|false/);
    await box.fill(`${original}!`);
    await save.click();
    await expect(page.getByRole("status").filter({ hasText: "Changes saved successfully" })).toBeVisible();
    await expect(save).toBeDisabled();
  });

  await test.step("dub with live progress, play the dubbed video and download it", async () => {
    const language = new URL(page.url()).searchParams.get("language")!;
    await page.getByRole("button", { name: "Dub Video" }).click();
    await expect(page.getByRole("button", { name: "Dubbing..." })).toBeDisabled();
    const dubbed = page.getByTestId("dubbed-video");
    await expect(dubbed).toBeVisible({ timeout: 8 * 60_000 });
    await expect(page.getByTestId("translation-status")).toHaveText("dubbed");
    const played = await dubbed.evaluate(async (el) => {
      const v = el as HTMLVideoElement;
      v.muted = true;
      await v.play();
      await new Promise((r) => setTimeout(r, 700));
      v.pause();
      return { time: v.currentTime, duration: v.duration };
    });
    expect(played.time).toBeGreaterThan(0.2);
    expect(played.duration).toBeGreaterThan(3);
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download Video" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(`dubbed-video-${language}.mp4`);
    const saved = path.join(dir, download.suggestedFilename());
    await download.saveAs(saved);
    expect(statSync(saved).size).toBeGreaterThan(10_000);
    const srt = await page.getByRole("link", { name: "Download SRT" }).getAttribute("href");
    const srtText = await (await page.request.get(srt!)).text();
    expect(srtText).toMatch(/^1\r?\n00:00:\d\d,\d{3} --> /);
    await expect(page.getByRole("link", { name: "Download VTT" })).toBeVisible();
  });

  await test.step("the project list shows the project card", async () => {
    await page.goto("/projects");
    const card = page.getByRole("link", { name: /Morning interview/ });
    await expect(card).toContainText("Status: ready");
    await page.getByPlaceholder("Search projects").fill("MORNING");
    await expect(card).toBeVisible();
    await card.hover();
    await expect
      .poll(() => card.getByTestId("card-preview").evaluate((v) => !(v as HTMLVideoElement).paused))
      .toBe(true);
    await page.mouse.move(0, 0);
    await expect
      .poll(() => card.getByTestId("card-preview").evaluate((v) => (v as HTMLVideoElement).currentTime))
      .toBe(0);
    await card.click();
    await expect(page).toHaveURL(projectUrl);
  });
});
