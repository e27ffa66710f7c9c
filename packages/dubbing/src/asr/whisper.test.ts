import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { tempDir } from "../testing/fixtures.ts";
import { createWhisperEngine, parseWhisperJson } from "./whisper.ts";

describe("parseWhisperJson", () => {
  it("reads one word per segment from whisper.cpp -oj -ml 1 -sow output", () => {
    const json = JSON.stringify({
      transcription: [
        {
          timestamps: { from: "00:00:00,000", to: "00:00:00,320" },
          offsets: { from: 0, to: 320 },
          text: " Hello",
        },
        { offsets: { from: 320, to: 700 }, text: " world." },
        { offsets: { from: 700, to: 900 }, text: " [BLANK_AUDIO]" },
        { offsets: { from: 900, to: 900 }, text: " " },
      ],
    });
    expect(parseWhisperJson(json)).toEqual([
      { text: "Hello", start: 0, end: 320 },
      { text: "world.", start: 320, end: 700 },
    ]);
    expect(parseWhisperJson("{}")).toEqual([]);
  });
});

describe("whisper.cpp engine availability", () => {
  const t = tempDir();
  afterAll(t.cleanup);
  it("says clearly that it needs a model", async () => {
    expect(await createWhisperEngine({ model: "" }).available()).toEqual({
      ok: false,
      reason: expect.stringMatching(/no whisper\.cpp model configured \(set WHISPER_MODEL/),
    });
    expect((await createWhisperEngine({ model: join(t.dir, "none.bin") }).available()).reason).toMatch(
      /does not exist/,
    );
  });
  it("says when the binary is missing, and serves English only with an .en model", async () => {
    const model = join(t.dir, "ggml-base.en.bin");
    writeFileSync(model, "x");
    const e = createWhisperEngine({ model, binary: "whisper-cli-not-installed" });
    expect((await e.available()).reason).toMatch(
      /whisper-cli-not-installed \(whisper.cpp\) is not installed/,
    );
    expect(e.languages).toEqual(["en"]);
    expect(createWhisperEngine({ model: "ggml-small.bin" }).languages).toHaveLength(21);
  });
});
