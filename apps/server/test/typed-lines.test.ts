// Lines typed into an empty transcript land on the detected speech of a real recording, in order: the
// editor's "Place the lines on the speech" (its pure placement) over what GET /speech answers, saved and
// read back, leaves no stretch of speech without its line.
import { DIALOGUE, makeDialogue, type TruthSegment } from "@dubbing/dubbing/testing/dialogue.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { placeOnSpeech } from "../../web/src/features/editor/transcript/place-lines.ts";
import { tempFolder } from "./fixtures.ts";
import { PIPELINE_MODES, startTestServer, type TestServer } from "./harness.ts";
import { api, upload, waitForStatus } from "./http.ts";

const tmp = tempFolder("dub-typed-");
const lines = DIALOGUE.slice(0, 3);
let video: string;
let truth: TruthSegment[];
beforeAll(() => {
  // long pauses between the lines, as between a reader's sentences
  ({ video, truth } = makeDialogue(tmp.path, lines, { name: "typed", pauseMs: 1200, turnMs: 1200 }));
});

/** The ms two stretches share. */
const overlap = (a: { start: number; end: number }, b: { start: number; end: number }) =>
  Math.max(0, Math.min(a.end, b.end) - Math.max(a.start, b.start));

describe.each(PIPELINE_MODES)("typed lines placed on the speech (%s)", (mode) => {
  let ts: TestServer;
  beforeAll(async () => {
    ts = await startTestServer(mode);
  });
  afterAll(async () => {
    await ts?.close();
  });

  it("lays each typed line of an empty transcript on its own stretch of speech, in order", async () => {
    const { cookie } = await ts.signIn();
    const id = (await upload(ts.baseUrl, cookie, video, "Typed")).body._id as string;
    const ready = await waitForStatus(ts.baseUrl, cookie, id, ["ready", "failed"]);
    expect(ready.status).toBe("ready");
    const speaker = ready.speakers[0].id as string;
    // the user empties the transcript and types the three lines
    expect(
      (await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/transcript`, { transcript: [] })).status,
    ).toBe(200);
    const speech = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/speech`)).body.regions;
    expect(speech.length).toBeGreaterThanOrEqual(lines.length);
    const times = placeOnSpeech(
      lines.map((l) => l.text),
      speech,
    );
    expect(times).not.toBeNull();
    const typed = lines.map((l, i) => ({ speaker, text: l.text, ...times![i]! }));
    const saved = await api(ts.baseUrl, cookie, "PUT", `/api/video/${id}/transcript`, { transcript: typed });
    expect(saved.status).toBe(200);
    const back = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}`)).body.transcript as typeof typed;
    expect(back.map((s) => s.text)).toEqual(lines.map((l) => l.text));
    // each line covers most of the sentence it says and is mostly that sentence, not its neighbours'
    back.forEach((segment, i) => {
      const said = truth[i]!;
      expect(
        overlap(segment, said) / (said.end - said.start),
        `line ${i} covers its sentence`,
      ).toBeGreaterThan(0.8);
      expect(
        overlap(segment, said) / (segment.end - segment.start),
        `line ${i} is its sentence`,
      ).toBeGreaterThan(0.8);
      if (i > 0) expect(segment.start).toBeGreaterThanOrEqual(back[i - 1]!.end);
    });
    // and no stretch of speech is left without a line
    const left = (await api(ts.baseUrl, cookie, "GET", `/api/video/${id}/untranscribed-speech`)).body;
    expect(left.stretches).toEqual([]);
  });
});
