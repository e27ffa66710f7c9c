// Voice / background separation through the service: real speech (pocketsphinx-testdata's LibriVox)
// over real music (asc-music, 14 dB under it). Transcription makes the project's stems and stores them; the default dub keeps the
// separated background at full level and removes the original voice (least-squares shares of the two
// source stems in the dub's audio: figures, not timing); deleting the project deletes the stems.
import { existsSync, readFileSync } from "node:fs";
import { writeFile } from "node:fs/promises";
import path from "node:path";
import { translationSchema } from "@dubbing/contract";
import {
  decodeF32,
  joinSpeech,
  STEM_RATE,
  speechOverMusic,
  stemShares,
  suppressionAndRetention,
} from "@dubbing/dubbing/testing/music.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stemsPrefix } from "../src/storage/keys.ts";
import { tempFolder } from "./fixtures.ts";
import { startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("separation-");
const LIB = "/usr/share/pocketsphinx/test/data/librivox";
let clip: ReturnType<typeof speechOverMusic>;
let truth: { start: number; end: number }[];

beforeAll(() => {
  const ids = readFileSync(path.join(LIB, "fileids"), "utf8").trim().split("\n").slice(0, 3);
  const wav = path.join(tmp.path, "speech.wav");
  truth = joinSpeech(
    wav,
    ids.map((id) => path.join(LIB, `${id}.wav`)),
    1500,
  );
  clip = speechOverMusic(tmp.path, wav, { music: "frontiers.mp3", musicDb: -14 });
}, 300_000);

describe("keep: the music stays, the original voice goes (embedded)", () => {
  let ts: TestServer;
  let cookie: string;
  let id: string;
  const stemsDir = () => path.join(ts.dataDir, "storage", stemsPrefix(id));

  beforeAll(async () => {
    ts = await startTestServer("embedded");
    cookie = (await ts.signIn()).cookie;
  }, 300_000);
  afterAll(async () => {
    await ts?.close();
  });

  it("separates at transcription and stores the stems with the project", async () => {
    id = (await upload(ts.baseUrl, cookie, clip.video, "Talk over music")).body._id;
    // the machine may be busy: a 20 s clip's transcription is given ten minutes (figures, not timing)
    const project = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"], 600_000);
    expect(project.status, project.statusMessage).toBe("ready");
    for (const f of ["background.flac", "voice.flac", "stems.json", "speech.json"])
      expect(existsSync(path.join(stemsDir(), f)), f).toBe(true);
    const stems = JSON.parse(readFileSync(path.join(stemsDir(), "stems.json"), "utf8"));
    expect(stems.engine).toBe("spectral");
    const heard = JSON.parse(readFileSync(path.join(stemsDir(), "speech.json"), "utf8"));
    expect(heard.heardOn).toBe("voice");
    expect(heard.regions.length).toBeGreaterThan(0);
    const marks = await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/untranscribed-speech`);
    expect(marks.status).toBe(200);
    expect(marks.body).toMatchObject({ separated: true, engine: "spectral" });
  });

  it("dubs over the separated background by default: S ≥ 15 dB, M ≥ −6 dB, the mode and engine reported", async () => {
    const es = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 120);
    expect(es.body.status).toBe("translated");
    const dubbed = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 300);
    expect(dubbed.status, JSON.stringify(dubbed.body)).toBe(200);
    const translation = translationSchema.parse(dubbed.body.translation);
    expect(translation.report).toMatchObject({ background: "keep", separation: { engine: "spectral" } });
    const res = await fetch(`${ts.baseUrl}${dubbed.body.dubVideoUrl}`);
    const file = path.join(tmp.path, "dubbed.mp4");
    await writeFile(file, Buffer.from(await res.arrayBuffer()));
    const y = decodeF32(file, 2);
    const fr = (ms: number) => Math.round((ms * STEM_RATE) / 1000);
    const inside = truth.map((r) => ({ start: fr(r.start), end: fr(r.end) }));
    const outside: { start: number; end: number }[] = [];
    let t = 0;
    for (const r of truth) {
      outside.push({ start: fr(t + 400), end: fr(r.start - 400) });
      t = r.end;
    }
    const { S, M } = suppressionAndRetention(
      stemShares(y, clip.speech, clip.music, inside),
      stemShares(y, clip.speech, clip.music, outside),
    );
    expect(S).toBeGreaterThanOrEqual(15);
    expect(M).toBeGreaterThanOrEqual(-6);
  });

  it("ducks instead when asked, and the report says so", async () => {
    const res = await api(
      ts.baseUrl,
      cookie,
      "POST",
      `/api/video/${id}/dub`,
      { language: "es", background: "duck" },
      { prefer: "wait=300" },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(translationSchema.parse(res.body.translation).report).toMatchObject({ background: "duck" });
    const bad = await api(ts.baseUrl, cookie, "POST", `/api/video/${id}/dub`, {
      language: "es",
      background: "loud",
    });
    expect(bad.status).toBe(400);
  });

  it("deletes the stems with the project", async () => {
    expect(existsSync(path.join(stemsDir(), "background.flac"))).toBe(true);
    expect((await api(ts.baseUrl, cookie, "DELETE", `/api/video/${id}`)).status).toBe(204);
    await waitFor(() => !existsSync(path.join(stemsDir(), "background.flac")));
  });
});

async function waitFor(ok: () => boolean, ms = 30_000) {
  const until = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > until) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 100));
  }
}
