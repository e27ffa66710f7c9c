import { execFileSync } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { type VoiceSpokenBy, voicesSpokenBySchema } from "@dubbing/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MODES, startTestServer, type TestServer } from "./harness.ts";
import { api } from "./http.ts";

describe.each(MODES)("languages, voices and samples (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  let dir: string;
  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
    dir = await mkdtemp(path.join(os.tmpdir(), "dub-catalog-"));
  });
  afterAll(async () => {
    await ts?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("lists the 21 languages with what the local engines can do", async () => {
    const res = await api(ts.baseUrl, cookie, "GET", "/api/languages?source=en");
    expect(res.body.map((l: { code: string }) => l.code)).toEqual([
      ..."en es fr de ja ko zh ar pt ru hi it nl sv tr vi th el he pl cmn".split(" "),
    ]);
    const es = res.body.find((l: { code: string }) => l.code === "es");
    expect(es).toMatchObject({
      name: "Spanish",
      flag: "es",
      translate: { available: true },
      tts: { available: true },
    });
    for (const l of res.body) {
      if (!l.translate.available) expect(l.translate.reason).toContain(l.name);
    }
  });

  it("lists the 47 catalogue voices", async () => {
    const res = await api(ts.baseUrl, cookie, "GET", "/api/voices");
    expect(res.body).toHaveLength(47);
    for (const v of res.body) {
      expect(v.value).toMatch(/^[a-z]{2}-[A-Z]{2}-\w+MultilingualNeural$/);
      expect(["Male", "Female"]).toContain(v.gender);
    }
  });

  it("says which engine speaks each catalogue voice here, per sample language (#30)", async () => {
    const es = await api(ts.baseUrl, cookie, "GET", "/api/voices/spoken/spanish");
    expect(es.status).toBe(200);
    voicesSpokenBySchema.parse(es.body);
    expect(Object.keys(es.body)).toHaveLength(47);
    // no cloud engine configured here: every name is spoken by an offline engine, and said to be:
    // Spanish by SVOX Pico, its own voice for women and the lowered one for men
    for (const v of Object.values(es.body) as VoiceSpokenBy[]) {
      expect(v.local).toBe(true);
      expect(v.engine).toBe("pico");
      expect(v.engineLabel).toBe("SVOX Pico");
    }
    // English: the male voices are spoken by the Piper voice the setup installs (joe, male), the
    // female ones by Pico (the setup installs both); each names the engine that speaks it
    const en = await api(ts.baseUrl, cookie, "GET", "/api/voices/spoken/english");
    const voices = (await api(ts.baseUrl, cookie, "GET", "/api/voices")).body as {
      value: string;
      gender: string;
    }[];
    for (const [value, v] of Object.entries(en.body) as [string, VoiceSpokenBy][]) {
      const male = voices.find((c) => c.value === value)?.gender === "Male";
      if (male) expect(v).toMatchObject({ engine: "piper", engineVoice: "en_US-joe-medium" });
      else expect(v.engine).toBe("pico");
    }

    expect(es.body["en-US-AvaMultilingualNeural"]).toMatchObject({
      engineVoice: "es-ES",
      voiceLabel: "Pico es-ES",
    });
    expect(es.body["es-ES-TristanMultilingualNeural"]).toMatchObject({
      engineVoice: "es-ES+male",
      voiceLabel: "Pico es-ES (lowered)",
    });
    // a language Pico does not speak: espeak-ng
    const ja = await api(ts.baseUrl, cookie, "GET", "/api/voices/spoken/japanese");
    for (const v of Object.values(ja.body) as VoiceSpokenBy[]) expect(v.engineVoice).toMatch(/^ja\+[mf]\d$/);
    const unknown = await api(ts.baseUrl, cookie, "GET", "/api/voices/spoken/klingon");
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.code).toBe("not_found");
    expect((await fetch(`${ts.baseUrl}/api/voices/spoken/spanish`)).status).toBe(401);
  });

  it("synthesizes a voice sample once and serves it from a stable path", async () => {
    const url = `${ts.baseUrl}/api/voices/sample/spanish/es-ES-ArabellaMultilingualNeural.mp3`;
    const first = await fetch(url, { headers: { cookie } });
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("audio/mpeg");
    const bytes = Buffer.from(await first.arrayBuffer());
    const file = path.join(dir, "sample.mp3");
    await writeFile(file, bytes);
    const seconds = Number(
      execFileSync("ffprobe", ["-v", "error", "-show_entries", "format=duration", "-of", "csv=p=0", file], {
        encoding: "utf8",
      }),
    );
    expect(seconds).toBeGreaterThan(0.5);
    // Public (the landing page plays samples to visitors), and served from storage the second time.
    const again = await fetch(url, { headers: { range: "bytes=0-9" } });
    expect(again.status).toBe(206);
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes.subarray(0, 10))).toBe(true);

    expect(
      (
        await fetch(`${ts.baseUrl}/api/voices/sample/klingon/es-ES-ArabellaMultilingualNeural.mp3`, {
          headers: { cookie },
        })
      ).status,
    ).toBe(404);
    expect(
      (await fetch(`${ts.baseUrl}/api/voices/sample/spanish/not-a-voice.mp3`, { headers: { cookie } }))
        .status,
    ).toBe(404);
  });

  it("starts usage at zero for a new user", async () => {
    const res = await api(ts.baseUrl, cookie, "GET", "/api/usage");
    expect(res.body).toMatchObject({
      month: new Date().toISOString().slice(0, 7),
      transcribedSeconds: 0,
      dubbedSeconds: 0,
    });
  });
});
