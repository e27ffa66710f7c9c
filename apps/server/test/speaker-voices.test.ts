// Voices that follow the speaker through the real server: measured at transcription (a real
// two-voice dialogue, pocketsphinx), "Match the speaker" kept per speaker and changed through the
// project's speakers, measures that only the server writes, and a speaker added by hand measured over the
// lines they are given (and given a voice of their gender).
import { findVoice, toSrt } from "@dubbing/dubbing";
import { DIALOGUE, type Dialogue, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("speaker-voices-");
let dialogue: string;
let truth: Dialogue["truth"];
beforeAll(() => {
  ({ video: dialogue, truth } = makeDialogue(tmp.path, DIALOGUE));
});

const srtTime = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace(".", ",");

interface Style {
  match: boolean;
  measured?: { pitchHz: number; rangeSt: number; syllablesPerSec: number };
  pitchHz?: number;
  syllablesPerSec?: number;
}
interface Speaker {
  id: string;
  name: string;
  selectedVoice: string;
  style?: Style;
}

describe.each(PIPELINE_MODES)("speaker voices (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  let projectId: string;

  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("measures, keeps and follows each speaker's pitch and pace", async () => {
    const res = await upload(ts.baseUrl, cookie, dialogue, "Two voices", { speakers: "2" });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const id = res.body._id as string;
    projectId = id;
    const project = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
    expect(project.status, project.statusMessage).toBe("ready");
    const speakers = project.speakers as Speaker[];
    expect(speakers).toHaveLength(2);
    // awb speaks first and lower than slt; both measured at transcription, matching by default
    const awb = speakers.find((s) => s.id === project.transcript[0].speaker)!;
    const slt = speakers.find((s) => s.id !== awb.id)!;
    for (const s of speakers) {
      expect(s.style?.match).toBe(true);
      expect(s.style?.measured?.syllablesPerSec).toBeGreaterThan(2);
    }
    expect(awb.style!.measured!.pitchHz).toBeGreaterThan(100);
    expect(slt.style!.measured!.pitchHz).toBeGreaterThan(awb.style!.measured!.pitchHz * 1.15);

    // a pitch out of range is refused with its path, and nothing is kept
    const bad = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, {
      video: { speakers: [awb, { ...slt, style: { match: true, pitchHz: 1000 } }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("validation_failed");
    expect(bad.body.error.details[0].path).toMatch(/speakers\.1\.style\.pitchHz$/);
    const unchanged = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}`)).body;
    expect(unchanged.speakers).toEqual(speakers);

    // awb: a pitch of the user's (and measures the client made up, ignored); slt: not matched; a third
    // speaker, added by hand with a man's voice, takes the last line, slt's
    expect(findVoice(awb.selectedVoice)?.gender).toBe("Male");
    const third: Speaker = { id: "speaker-3", name: "Guest", selectedVoice: awb.selectedVoice };
    const mine = {
      ...awb,
      style: { match: true, pitchHz: 150, measured: { pitchHz: 999, rangeSt: 1, syllablesPerSec: 9 } },
    };
    const transcript = project.transcript.map((s: { speaker: string }, i: number) =>
      i === project.transcript.length - 1 ? { ...s, speaker: third.id } : s,
    );
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}`, {
      video: { speakers: [mine, { ...slt, style: { match: false } }, third], transcript },
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const after = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}`)).body.speakers as Speaker[];
    expect(after[0]!.style).toEqual({ match: true, measured: awb.style!.measured, pitchHz: 150 });
    expect(after[1]!.style).toEqual({ match: false, measured: slt.style!.measured });
    // the guest was measured over that line: a woman's pitch, so a woman's voice no other speaker has
    expect(after[2]!.style?.match).toBe(true);
    expect(after[2]!.style?.measured?.pitchHz).toBeGreaterThan(155);
    expect(findVoice(after[2]!.selectedVoice)?.gender).toBe("Female");
    expect(after[2]!.selectedVoice).not.toBe(slt.selectedVoice);

    // the dub: awb's voice at the user's pitch, slt's at its own, the guest's at the pitch measured
    const es = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120);
    expect(es.body.status, JSON.stringify(es.body)).toBe("translated");
    const dubbed = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 300);
    expect(dubbed.status, JSON.stringify(dubbed.body)).toBe(200);
    const voices = dubbed.body.translation.report.voices;
    expect(voices[awb.id].follow.target.pitchHz).toBe(150);
    expect(Math.abs(voices[awb.id].follow.result.pitchHz / 150 - 1)).toBeLessThan(0.15);
    expect(voices[slt.id].follow).toBeUndefined();
    expect(voices[third.id].follow.target).toEqual(after[2]!.style!.measured);
    const final = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}`)).body.speakers as Speaker[];
    expect(final[2]!.style).toEqual(after[2]!.style);
    expect(final[0]!.style).toEqual(after[0]!.style);
  });
  it("gives the speakers that imported subtitles add a voice of their gender, by how they sound", async () => {
    // Tom (awb, a man) is named first: by the order of names alone he would get the first default voice, a
    // woman's, and Sarah a man's
    const name = (voice: string) => (voice === "slt" ? "Sarah" : "Tom");
    const srt = toSrt(
      truth.map((l) => ({ start: l.start, end: l.end, text: `${name(l.voice)}: ${l.text}` })),
    );
    const form = new FormData();
    form.set("subtitles", new Blob([srt]), "names.srt");
    const res = await fetch(`${ts.baseUrl}/api/video/${projectId}/subtitles/original`, {
      method: "POST",
      body: form,
      headers: { cookie },
    });
    const body = (await res.json()) as { speakers: Speaker[] };
    expect(res.status, JSON.stringify(body)).toBe(200);
    const gender = (who: string) => {
      const speaker = body.speakers.find((s) => s.name === who)!;
      return { gender: findVoice(speaker.selectedVoice)?.gender, pitchHz: speaker.style?.measured?.pitchHz };
    };
    expect(gender("Sarah").gender).toBe("Female");
    expect(gender("Tom").gender).toBe("Male");
    expect(gender("Sarah").pitchHz).toBeGreaterThan(gender("Tom").pitchHz! * 1.15);
  });
});
