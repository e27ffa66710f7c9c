// The report card's speaker check through the API (issue #57 item 4): the 8-line dialogue (two real
// flite voices) imported with one short line given to the wrong speaker; the dub's card flags exactly
// that line as sounding like the other speaker, and its one-click "move-speaker" fix moves the line (in
// the translation and the original transcript) and dubs it again. The 20-line dialogue of short turns
// ("Me too, let us." given to the wrong speaker) is e2e/app-speaker-fix.spec.ts's, through the editor:
// its two dubs of 20 lines here too were 71 CPU-s (the check's margin on both dialogues: ENGINES.md).
import { DIALOGUE, makeDialogue } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, startAndWait, uploadReady, waitForStatus } from "./http.ts";

const tmp = tempFolder("speaker-fix-");
/** "You are welcome, have a good evening." (slt's), given to awb's speaker. */
const WRONG = 7;
const NAME: Record<string, string> = { awb: "Ben", slt: "Ana" };
let video: string;
let srt: string;
beforeAll(() => {
  const d = makeDialogue(tmp.path, DIALOGUE, { name: "eight" });
  video = d.video;
  const time = (ms: number) => new Date(ms).toISOString().slice(11, 23).replace(".", ",");
  srt = d.truth
    .map((t, i) => {
      const who = i === WRONG ? "Ben" : NAME[t.voice];
      return `${i + 1}\n${time(t.start)} --> ${time(t.end)}\n${who}: ${t.text}\n`;
    })
    .join("\n");
});

type Finding = { check: string; status: string; message: string; speaker?: string };
type Line = { index: number; checks: Finding[] };
const speakerCheck = (l: Line) => l.checks.find((c) => c.check === "speaker");

describe.each(PIPELINE_MODES)("the card's speaker check and its fix (%s)", (mode) => {
  let ts: TestServer;
  let cookie: string;
  let id: string;

  beforeAll(async () => {
    ts = await startTestServer(mode);
    cookie = (await ts.signIn()).cookie;
    const subtitles = new File([srt], "turns.srt");
    id = (await uploadReady(ts.baseUrl, cookie, video, "Turns", { subtitles }))._id;
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("flags the line given to the wrong speaker, and only it; the fix moves it", async () => {
    const project = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}`)).body;
    const idOf = (name: string) =>
      (project.speakers as { id: string; name: string }[]).find((s) => s.name === name)!.id;
    expect(project.transcript[WRONG].speaker).toBe(idOf("Ben"));

    const es = await startAndWait(ts.baseUrl, cookie, id, "translate", "es", 180);
    expect(es.body.status, JSON.stringify(es.body)).toBe("translated");
    const dubbed = await startAndWait(ts.baseUrl, cookie, id, "dub", "es", 420);
    expect(dubbed.body.translation?.status, JSON.stringify(dubbed.body)).toBe("dubbed");
    const lines = dubbed.body.translation.report.lines as Line[];
    expect(lines).toHaveLength(DIALOGUE.length);
    const flagged = lines.filter((l) => speakerCheck(l)?.status === "warn");
    expect(flagged.map((l) => l.index)).toEqual([WRONG]);
    expect(speakerCheck(flagged[0]!)).toMatchObject({
      speaker: idOf("Ana"),
      message: "This line sounds like Ana, not Ben.",
    });
    for (const l of lines) expect(speakerCheck(l)?.status, JSON.stringify(l)).not.toBe("skipped");

    const path = `/api/video/${id}/translations/es/lines/${WRONG}/fix`;
    // refused, nothing saved: no speaker, or one that is not the project's
    const none = await api(ts.baseUrl, cookie, "POST", path, { fix: "move-speaker" });
    expect(none.status).toBe(400);
    expect(none.body.error.code).toBe("validation_failed");
    const stranger = await api(ts.baseUrl, cookie, "POST", path, { fix: "move-speaker", speaker: "nobody" });
    expect(stranger.status).toBe(400);
    expect((await api(ts.baseUrl, cookie, "GET", `/api/video/${id}`)).body.transcript[WRONG].speaker).toBe(
      idOf("Ben"),
    );

    const fixed = await api(ts.baseUrl, cookie, "POST", path, { fix: "move-speaker", speaker: idOf("Ana") });
    expect(fixed.status, JSON.stringify(fixed.body)).toBe(202);
    const again = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
    expect(again.transcript[WRONG].speaker).toBe(idOf("Ana"));
    let es2: { status: string; transcript: { speaker: string }[]; report: { lines: Line[] } } | undefined;
    for (let t = 0; t < 420; t++) {
      es2 = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/translations`)).body.es;
      if (es2?.status !== "dubbing") break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    expect(es2?.status).toBe("dubbed");
    expect(es2?.transcript[WRONG]?.speaker).toBe(idOf("Ana"));
    const after = es2!.report.lines.find((l) => l.index === WRONG)!;
    expect(speakerCheck(after)?.status).toBe("ok");
  });
});
