// Any language heard (issue #57): with the setup's models (tiny.en for English, base for the other
// languages), a video in Spanish opens with its Spanish transcript, uploaded as Spanish or as "Detect".
// Real recognition on espeak-ng's Spanish; both database modes.

import { makeDialogue, wordErrorRate } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-multilingual-");
const spanish = [
  { voice: "espeak:es", text: "Buenos días, hoy hablamos del tiempo en las montañas." },
  { voice: "espeak:es", text: "Mañana hará frío y nevará en el norte del país." },
];
let spanishVideo: string;
beforeAll(() => {
  spanishVideo = makeDialogue(tmp.path, spanish, { name: "spanish" }).video;
});

const said = spanish.map((l) => l.text).join(" ");
const heard = (transcript: { text: string }[]) => transcript.map((s) => s.text).join(" ");

describe.each(MODES)("a video in Spanish (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("is recognised here: every app language has speech recognition", async () => {
    const languages = (await api(ts.baseUrl, cookie, "GET", "/api/languages")).body as {
      code: string;
      asr: { available: boolean };
    }[];
    expect(languages.filter((l) => !l.asr.available).map((l) => l.code)).toEqual([]);
  });

  it("uploaded as Spanish, opens with its Spanish transcript", async () => {
    const created = await upload(ts.baseUrl, cookie, spanishVideo, "Spanish", { language: "es" });
    expect(created.status).toBe(201);
    const ready = await waitForStatus(ts.baseUrl, cookie, created.body._id, ["ready", "failed"]);
    expect(ready).toMatchObject({ status: "ready", language: "es", statusMessage: null });
    expect(ready.transcript.length).toBeGreaterThan(0);
    expect(wordErrorRate(said, heard(ready.transcript))).toBeLessThan(0.35);
  });
});
