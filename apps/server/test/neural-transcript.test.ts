// Upload to transcript with the neural recognition (faster-whisper, the setup's tiny.en model): the
// words of a real two-voice dialogue come back as the transcript, and the operator's engine list shows
// faster-whisper available.
import { DIALOGUE, makeDialogue, wordErrorRate } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-neural-");
const lines = DIALOGUE.slice(0, 2);
let video: string;
beforeAll(() => {
  video = makeDialogue(tmp.path, lines).video;
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
});
