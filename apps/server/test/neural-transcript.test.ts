// Upload to transcript with the neural recognition (faster-whisper, the setup's tiny.en model): the
// words of a real two-voice dialogue come back as the transcript, and the operator's engine list shows
// faster-whisper available.

import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DIALOGUE, makeDialogue, wordErrorRate } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-neural-");
const lines = DIALOGUE.slice(0, 2);
const spanish = [
  { voice: "espeak:es", text: "Buenos días, hoy hablamos del tiempo en las montañas." },
  { voice: "espeak:es", text: "Mañana hará frío y nevará en el norte del país." },
];
// The setup installs tiny.en (English only); detecting the language needs a multilingual model, which an
// operator adds with `dub models install base`: each configuration has its test.
const MULTILINGUAL = existsSync(fileURLToPath(new URL("../../../.tools/models/base", import.meta.url)));
let video: string;
let spanishVideo: string;
beforeAll(() => {
  video = makeDialogue(tmp.path, lines).video;
  spanishVideo = makeDialogue(tmp.path, spanish, { name: "spanish" }).video;
});

describe.each(MODES)("a transcript from faster-whisper (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("recognises the uploaded video's speech", async () => {
    const { cookie } = await ts.signIn();
    const id = (await upload(ts.baseUrl, cookie, video, "Neural")).body._id as string;
    const ready = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
    expect(ready.status).toBe("ready");
    const text = (ready.transcript as { text: string }[]).map((s) => s.text).join(" ");
    // pocketsphinx, the engine before, gets these two lines wrong in several words
    expect(wordErrorRate(lines.map((l) => l.text).join(" "), text)).toBeLessThan(0.1);
  });

  it.skipIf(MULTILINGUAL)(
    "says plainly that it cannot detect the language without a multilingual model",
    async () => {
      const { cookie } = await ts.signIn();
      const created = await upload(ts.baseUrl, cookie, spanishVideo, "Undetected", { language: "detect" });
      expect(created.status).toBe(201);
      const done = await waitForStatus(ts.baseUrl, cookie, created.body._id as string, ["ready", "failed"]);
      expect(done.statusMessage).toContain("no multilingual speech recognition model installed");
    },
  );

  it.runIf(MULTILINGUAL)(
    "finds the spoken language when asked to detect it, and the project takes it",
    async () => {
      const { cookie } = await ts.signIn();
      const created = await upload(ts.baseUrl, cookie, spanishVideo, "Detected", { language: "detect" });
      expect(created.status).toBe(201);
      expect(created.body.language).toBe("detect");
      const id = created.body._id as string;
      const ready = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
      expect(ready).toMatchObject({ status: "ready", language: "es", statusMessage: null });
      const text = (ready.transcript as { text: string }[]).map((s) => s.text).join(" ");
      expect(wordErrorRate(spanish.map((l) => l.text).join(" "), text)).toBeLessThan(0.5);
    },
  );
});
