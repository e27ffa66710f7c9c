import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { EngineRegistry } from "../../engines/registry.ts";
import { fakeTtsEngine } from "../../testing/fake-tts.ts";
import { makeTestVideo, tempDir } from "../../testing/fixtures.ts";
import { defaultOutput, prepareDub } from "./prepare.ts";

const t = tempDir("dub-prepare-");
afterAll(t.cleanup);

describe("defaultOutput", () => {
  it("puts the dub next to the video with the language", () => {
    expect(defaultOutput("/v/talk.mov", "es")).toBe("/v/talk.es.mp4");
  });
});

describe("prepareDub", () => {
  it("plans the segments and resolves a voice only for speakers who speak", async () => {
    const video = makeTestVideo(join(t.dir, "in.mp4"), 2);
    const registry = new EngineRegistry().register(fakeTtsEngine());
    const doc = {
      language: "en" as const,
      speakers: [
        { id: "a", name: "A", selectedVoice: "fake:tone" },
        { id: "b", name: "B", selectedVoice: "fake:tone" },
      ],
      transcript: [
        { speaker: "a", text: "hello", start: 100, end: 900 },
        { speaker: "b", text: " ", start: 1000, end: 1500 },
      ],
    };
    const p = await prepareDub(video, doc, registry, {});
    expect(p.output).toBe(join(t.dir, "in.en.mp4"));
    expect(p.channels).toBe(1);
    expect(p.hasAudio).toBe(true);
    expect([...p.voices.keys()]).toEqual(["a"]);
    expect(p.voices.get("a")?.engine.id).toBe("fake");
    expect(p.segments.map((s) => s.index)).toEqual([0, 1]);
  });
});
