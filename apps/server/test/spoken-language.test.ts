// The spoken language: chosen at upload, changed later (a new transcription), and a language no engine
// here transcribes gives an empty transcript to type — with the server checking what is typed. The setup's
// models recognise every app language (multilingual.test.ts): this server goes without faster-whisper
// (its Python missing), so English alone is recognised (pocketsphinx).

import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-lang-");
let video: string;
let truth: { start: number; end: number }[];
beforeAll(() => {
  ({ video, truth } = makeDialogue(tmp.path, DIALOGUE.slice(0, 2)));
});

function uploadIn(ts: TestServer, cookie: string, language: string) {
  return upload(ts.baseUrl, cookie, video, `Spoken ${language}`, { language });
}

describe.each(PIPELINE_MODES)("the spoken language (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;

  beforeAll(async () => {
    ts = await startTestServer(mode, { ASR_PYTHON: "/nonexistent/python" });
    cookie = (await ts.signIn()).cookie;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("says per language whether speech recognition is available here", async () => {
    const languages = (await api(ts.baseUrl, cookie, "GET", "/api/languages")).body as {
      code: string;
      asr: { available: boolean; reason: string | null };
    }[];
    expect(languages).toHaveLength(21);
    expect(languages.find((l) => l.code === "en")!.asr.available).toBe(true);
    const es = languages.find((l) => l.code === "es")!;
    expect(es.asr).toMatchObject({ available: false });
    expect(es.asr.reason).toMatch(/Spanish: you type the transcript/);
  });

  it("opens a Spanish project with an empty transcript to type, and checks what is typed", async () => {
    const created = await uploadIn(ts, cookie, "es");
    expect(created.status).toBe(201);
    expect(created.body.language).toBe("es");
    const ready = await waitForStatus(ts.baseUrl, cookie, created.body._id, ["ready", "failed"]);
    expect(ready.status).toBe("ready");
    expect(ready.transcript).toEqual([]);
    expect(ready.statusMessage).toMatch(/No speech recognition engine for Spanish.*type it in/);
    // Where the lines to type go: the audio's speech, each line found within a fifth of a second.
    const speech = await api(ts.baseUrl, cookie, "GET", `/api/video/${ready._id}/speech`);
    expect(speech.status).toBe(200);
    expect(speech.body.regions).toHaveLength(truth.length);
    speech.body.regions.forEach((r: { start: number; end: number }, i: number) => {
      expect(Math.abs(r.start - truth[i]!.start)).toBeLessThan(200);
      expect(Math.abs(r.end - truth[i]!.end)).toBeLessThan(200);
    });
    const other = (await ts.signIn()).cookie;
    expect((await api(ts.baseUrl, other, "GET", `/api/video/${ready._id}/speech`)).status).toBe(404);

    const speakers = [{ id: "speaker-1", name: "Ana", selectedVoice: "es-ES-ElviraNeural" }];
    const line = (text: string, start: number, end: number) => ({ speaker: "speaker-1", text, start, end });
    const overlapping = await api(ts.baseUrl, cookie, "PUT", `/api/video/${ready._id}`, {
      speakers,
      transcript: [line("Hola.", 0, 1500), line("¿Qué tal?", 1000, 2000)],
    });
    expect(overlapping.status).toBe(400);
    expect(overlapping.body.error.details[0].path).toBe("transcript.1.start");
    expect(overlapping.body.error.message).toBe("Segment 2 overlaps segment 1.");
    const pastTheEnd = await api(ts.baseUrl, cookie, "PUT", `/api/video/${ready._id}`, {
      speakers,
      transcript: [line("Hola.", 0, 1000), line("Adiós.", 1000, ready.durationMs + 5000)],
    });
    expect(pastTheEnd.status).toBe(400);
    expect(pastTheEnd.body.error.details[0].path).toBe("transcript.1.end");
    const typed = await api(ts.baseUrl, cookie, "PUT", `/api/video/${ready._id}`, {
      speakers,
      transcript: [line("Hola.", 0, 1000), line("¿Qué tal?", 1200, 2000)],
    });
    expect(typed.status).toBe(200);
    expect(typed.body.transcript).toHaveLength(2);
    // the message said the transcript was empty: it has lines now
    expect(typed.body.statusMessage).toBeNull();
    const reloaded = await api(ts.baseUrl, cookie, "GET", `/api/video/${ready._id}`);
    expect(reloaded.body.statusMessage).toBeNull();
  });

  it("changes the language and transcribes again, counting the minutes before it runs", async () => {
    const created = await uploadIn(ts, cookie, "es");
    const id = created.body._id;
    await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    const before = (await api(ts.baseUrl, cookie, "GET", "/api/usage")).body.transcribedSeconds;
    const bad = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/language`, { language: "xx" });
    expect(bad.status).toBe(400);
    const changed = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/language`, { language: "en" });
    expect(changed.status).toBe(202);
    expect(changed.body).toMatchObject({ language: "en", status: "transcribing" });
    const twice = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/language`, { language: "en" });
    expect(twice.status).toBe(409);
    const after = (await api(ts.baseUrl, cookie, "GET", "/api/usage")).body.transcribedSeconds;
    expect(after - before).toBeCloseTo(created.body.durationMs / 1000, 0);
    const ready = await waitForStatus(ts.baseUrl, cookie, id, ["ready"]);
    expect(ready.language).toBe("en");
    expect(ready.transcript.length).toBeGreaterThan(0);
    expect(ready.statusMessage).toBeNull();
  });
});
