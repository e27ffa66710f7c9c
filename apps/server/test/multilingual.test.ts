// Any language heard (issue #57): with the setup's models (tiny.en for English, base for the other
// languages), a video in Spanish opens with its Spanish transcript, uploaded as Spanish or as "Detect".
// Real recognition on espeak-ng's Spanish; on the embedded server alone (PIPELINE_MODES: what recognition
// hears is the subject, and its five recognitions per mode were 65 s of the scale-out half).

import { makeDialogue, wordErrorRate } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, uploadReady, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-multilingual-");
const spanish = [
  { voice: "espeak:es", text: "Buenos días, hoy hablamos del tiempo en las montañas." },
  { voice: "espeak:es", text: "Mañana hará frío y nevará en el norte del país." },
];
// Esperanto: a language Whisper was not taught; base hears it as "Spanish, 46 % sure"
const esperanto = [
  { voice: "espeak:eo", text: "Bonan matenon, hodiaŭ ni parolas pri la vetero en la montoj." },
  { voice: "espeak:eo", text: "Morgaŭ estos malvarme kaj neĝos en la nordo de la lando." },
];
let spanishVideo: string;
let unsureVideo: string;
beforeAll(() => {
  spanishVideo = makeDialogue(tmp.path, spanish, { name: "spanish" }).video;
  unsureVideo = makeDialogue(tmp.path, esperanto, { name: "esperanto" }).video;
});

const said = spanish.map((l) => l.text).join(" ");
const heard = (transcript: { text: string }[]) => transcript.map((s) => s.text).join(" ");

describe.each(PIPELINE_MODES)("a video in Spanish (%s)", (mode) => {
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
    const ready = await uploadReady(ts.baseUrl, cookie, spanishVideo, "Spanish", { language: "es" });
    expect(ready).toMatchObject({ language: "es", statusMessage: null });
    expect(ready.transcript.length).toBeGreaterThan(0);
    expect(wordErrorRate(said, heard(ready.transcript))).toBeLessThan(0.35);
  });

  it('uploaded as "Detect", opens in Spanish, saying how sure the detection was', async () => {
    const created = await upload(ts.baseUrl, cookie, spanishVideo, "Detected", { language: "detect" });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ language: "detect", detectedLanguage: null });
    const ready = await waitForStatus(ts.baseUrl, cookie, created.body._id, ["ready", "failed"]);
    expect(ready).toMatchObject({ status: "ready", language: "es", statusMessage: null });
    expect(ready.detectedLanguage.language).toBe("es");
    expect(ready.detectedLanguage.probability).toBeGreaterThanOrEqual(0.6);
    expect(wordErrorRate(said, heard(ready.transcript))).toBeLessThan(0.35);
    // the creator changes it: their choice, no longer a detection
    const chosen = await api(ts.baseUrl, cookie, "PUT", `/api/video/${ready._id}/language`, {
      language: "es",
    });
    expect(chosen.status).toBe(202);
    const again = await waitForStatus(ts.baseUrl, cookie, ready._id, ["ready", "failed"]);
    expect(again).toMatchObject({ status: "ready", language: "es", detectedLanguage: null });
  });

  it("asks the creator to pick when the detection is unsure, saying what it heard", async () => {
    const created = await upload(ts.baseUrl, cookie, unsureVideo, "Unsure", { language: "detect" });
    const id = created.body._id as string;
    const asked = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
    expect(asked).toMatchObject({ status: "failed", language: "detect", transcript: [] });
    expect(asked.detectedLanguage.probability).toBeLessThan(0.6);
    expect(asked.statusMessage).toMatch(
      /^Not sure which language is spoken: it sounds most like \w+ \(\d+ % sure\)/,
    );
    expect(asked.statusMessage).toContain("Choose the spoken language");
    const chosen = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/language`, { language: "es" });
    expect(chosen.status).toBe(202);
    const ready = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
    expect(ready).toMatchObject({ status: "ready", language: "es", detectedLanguage: null });
  });
});
