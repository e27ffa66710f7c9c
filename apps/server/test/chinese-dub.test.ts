// Neural translation offline (issue #58): a Chinese video translated into English by the Argos model the
// setup installs (argos-zh-en) and dubbed with the offline voices, through the API; and on into Spanish
// through Apertium. Real recognition (base) on espeak-ng's Mandarin, real model, real worker; on the
// embedded server alone (PIPELINE_MODES: recognition and translation are the subject, and the scale-out
// half's recognition, two translations and dub were over 100 s of the run).
import { makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-chinese-");
const chinese = [
  { voice: "espeak:cmn", text: "今天我们来谈谈小城镇的生活。" },
  { voice: "espeak:cmn", text: "农民们在那里卖新鲜的面包和蔬菜。" },
];
let video: string;
beforeAll(() => {
  video = makeDialogue(tmp.path, chinese, { name: "chinese" }).video;
});

type Segment = { start: number; end: number; speaker: string; text: string };

describe.each(PIPELINE_MODES)("a Chinese video dubbed into English offline (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  let id: string;
  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
    const created = await upload(ts.baseUrl, cookie, video, "Chinese", { language: "zh" });
    id = created.body._id;
    const ready = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
    expect(ready.status, ready.statusMessage).toBe("ready");
    // the creator corrects what recognition heard to the lines said, on its times
    const heard = ready.transcript as Segment[];
    const lines = chinese.map((l, i) => ({
      ...(heard[Math.min(i, heard.length - 1)] ?? { start: i * 3000, end: i * 3000 + 2500 }),
      text: l.text,
    }));
    if (heard.length < 2) {
      // one segment heard: the two lines share its time (a line past the video's end is refused)
      const { start, end } = lines[0]!;
      const mid = Math.round((start + end) / 2);
      lines[0] = { ...lines[0]!, end: mid };
      lines[1] = { ...lines[0]!, start: mid + 1, end, text: chinese[1]!.text };
    }
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/transcript`, { transcript: lines });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // recognition by base beside the other suites' work can outlast the 120 s hook default
  }, 300_000);
  afterAll(async () => {
    await ts?.close();
  });

  it("offers English, Spanish and French from Chinese, and not German", async () => {
    const languages = (await api(ts.baseUrl, cookie, "GET", "/api/languages?source=zh")).body as {
      code: string;
      translate: { available: boolean; engine?: string; route?: string[]; shorten: boolean };
    }[];
    const by = new Map(languages.map((l) => [l.code, l.translate]));
    // the model rewrites its own lines shorter; the Spanish through Apertium has no such engine
    expect(by.get("en")).toMatchObject({
      available: true,
      engine: "argos",
      route: ["zh", "en"],
      shorten: true,
    });
    expect(by.get("es")).toMatchObject({ available: true, route: ["zh", "en", "es"], shorten: false });
    expect(by.get("fr")?.available).toBe(true);
    expect(by.get("de")?.available).toBe(false);
  });

  it("translates into English with the neural model and dubs it", async () => {
    const en = await startAndWait(ts.baseUrl, cookie, id, "translate", "en", 180);
    expect(en.body.status, JSON.stringify(en.body)).toBe("translated");
    const text = (en.body.transcript as Segment[]).map((s) => s.text).join(" ");
    expect(text).toMatch(/small town/i);
    expect(text).toMatch(/farmers/i);
    const dubbed = await startAndWait(ts.baseUrl, cookie, id, "dub", "en", 240);
    expect(dubbed.body.translation?.status, JSON.stringify(dubbed.body)).toBe("dubbed");
    // the card reads each English line's language; no engine translates English back into Chinese here
    const meaning = dubbed.body.translation.report.lines.map(
      (l: { checks: { check: string; status: string; message: string }[] }) =>
        l.checks.find((c) => c.check === "meaning"),
    );
    expect(meaning[0]).toMatchObject({ status: "ok" });
    expect(meaning[0].message).toMatch(/not translated back: no engine translates English into Chinese/);
  });

  it("translates on into Spanish through English", async () => {
    const es = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 180);
    expect(es.body.status, JSON.stringify(es.body)).toBe("translated");
    expect((es.body.transcript as Segment[]).map((s) => s.text).join(" ")).toMatch(/pueblo|ciudad/i);
  });
});
