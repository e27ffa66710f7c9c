// Voice cloning in the browser. The shared e2e server runs offline (no provider keys, so
// every other spec hears the local engines); this spec starts its own server whose ElevenLabs is a local
// stand-in speaking the provider's wire format, and drives the consent dialog against it: the exact
// sentence, the box that must be checked, a refusal shown with its reason, then the clone on the speaker
// and in My voices, kept past its project.
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import {
  type ElevenLabsStandIn,
  startElevenLabsStandIn,
} from "@dubbing/dubbing/testing/elevenlabs-stand-in.ts";
import { CLOUD_ENV } from "../packages/dubbing/src/engines/cloud-env.ts";
import { askForLink, expect, test, uniqueEmail, violations } from "./app-fixtures.ts";

// Its own port, 10 above the shared server's (E2E_PORT=18400 → 18410).
const PORT = Number(process.env.E2E_PORT ?? 18_180) + 10;
const ORIGIN = `http://localhost:${PORT}`;
test.use({ baseURL: ORIGIN });

const SRT = [
  "1\n00:00:00,500 --> 00:00:04,500\nAna: Good morning and welcome to the program.\n",
  "2\n00:00:04,600 --> 00:00:06,600\nBen: Thank you, it is a pleasure.\n",
  "3\n00:00:06,700 --> 00:00:11,200\nAna: Let us talk about the weather in the mountains.\n",
  "4\n00:00:11,300 --> 00:00:15,300\nAna: Many people are planning to travel.\n",
].join("\n");

let eleven: ElevenLabsStandIn;
let server: ChildProcess;
let dir: string;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  eleven = await startElevenLabsStandIn();
  dir = mkdtempSync(path.join(os.tmpdir(), "dub-e2e-cloning-"));
  const blank = Object.fromEntries(CLOUD_ENV.map((k) => [k, ""]));
  server = spawn("node", ["apps/server/src/main.ts"], {
    cwd: path.join(import.meta.dirname, ".."),
    env: {
      ...process.env,
      ...blank,
      PORT: String(PORT),
      DATA_DIR: path.join(dir, "data"),
      LOG_LEVEL: "warn",
      ELEVENLABS_API_KEY: "xi-e2e-stand-in",
      ELEVENLABS_BASE_URL: eleven.url,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  await expect
    .poll(async () => (await fetch(`http://127.0.0.1:${PORT}/api/health`).catch(() => null))?.status, {
      timeout: 120_000,
    })
    .toBe(200);
});

test.afterAll(async () => {
  server?.kill("SIGTERM");
  await new Promise((r) => server?.once("exit", r));
  await eleven?.close();
  rmSync(dir, { recursive: true, force: true });
});

test("clones a speaker's voice only after consent, shows a refusal's reason, keeps the clone", async ({
  page,
}) => {
  test.setTimeout(3 * 60_000);
  const video = path.join(dir, "talk.mp4");
  execFileSync("ffmpeg", [
    ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc=size=160x120:rate=10"],
    ...["-f", "lavfi", "-i", "sine=frequency=220:sample_rate=16000", "-t", "16"],
    ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", video],
  ]);
  await page.goto(await askForLink(page, uniqueEmail("cloning")));
  await expect(page).toHaveURL(`${ORIGIN}/projects`);
  const created = await page.request.post("/api/video/process", {
    multipart: {
      title: "Talk",
      video: { name: "talk.mp4", mimeType: "video/mp4", buffer: readFileSync(video) },
      subtitles: { name: "talk.srt", mimeType: "application/x-subrip", buffer: Buffer.from(SRT) },
    },
  });
  const id = (await created.json())._id as string;
  await page.goto(`/projects/${id}`);
  await expect(page.getByTestId("project-status")).toHaveText("ready", { timeout: 60_000 });

  await page.getByRole("button", { name: "Clone this speaker's voice (Ana)" }).click();
  const dialog = page.getByRole("dialog", { name: "Clone the voice of Ana" });
  const consent = dialog.getByLabel(
    "I have the right to use this person's voice; a copy of up to 3 minutes of their speech is sent to ElevenLabs to make a voice.",
  );
  await expect(consent).not.toBeChecked();
  const confirm = dialog.getByRole("button", { name: "Clone the voice" });
  await expect(confirm).toBeDisabled();
  expect(await violations(page)).toEqual([]);
  await consent.press("Space");
  await expect(confirm).toBeEnabled();

  // the provider says no: its reason is shown, nothing is made
  eleven.refuseNext = {
    status: 400,
    body: {
      detail: {
        status: "voice_limit_reached",
        message: "You have reached your maximum amount of custom voices",
      },
    },
  };
  await confirm.click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "ElevenLabs refused to make the voice: You have reached your maximum amount of custom voices",
  );
  expect(eleven.voices.size).toBe(0);

  // asked again: the voice is made, on the speaker and in My voices
  await confirm.click();
  await expect(dialog).toBeHidden({ timeout: 30_000 });
  await expect(page.getByTestId("my-voice-saved").first()).toHaveText(
    "Ana now speaks with the cloned voice “Ana (Talk)” (in My voices).",
  );
  await expect(page.getByTestId("speaker-voice").first()).toHaveText("Ana (Talk) (cloned)");
  expect(eleven.clones.at(-1)?.files[0]?.type).toBe("audio/mpeg");

  await page.getByRole("button", { name: /^Voice of Ana: .*Change voice$/ }).click();
  const mine = page.getByTestId("my-voices");
  await expect(mine).toContainText("Cloned with ElevenLabs · deleted with its project unless kept");
  await mine.getByRole("button", { name: "Keep Ana (Talk) after its project is deleted" }).click();
  await expect(mine).toContainText("Cloned with ElevenLabs");
  await expect(mine).not.toContainText("unless kept");
  expect(await violations(page)).toEqual([]);
});
