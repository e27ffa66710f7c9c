import { describe, expect, it } from "vitest";
import { multiTrackArgs, nativeLanguageName, sharedTimeline } from "./multitrack.ts";

describe("multiTrackArgs", () => {
  it("copies the video and gives each audio track its language, title and default flag", () => {
    const args = multiTrackArgs(
      "v.mp4",
      [
        { file: "v.mp4", language: "en", title: "English (original)", copy: false },
        { file: "es.m4a", language: "es", title: "Español (dub)", copy: true },
      ],
      "out.mp4",
    );
    expect(args.join(" ")).toBe(
      "-i v.mp4 -i v.mp4 -i es.m4a -map 0:v:0 -map 1:a:0 -map 2:a:0 -c:v copy " +
        "-c:a:0 aac -b:a:0 160k -metadata:s:a:0 language=eng -metadata:s:a:0 handler_name=English (original) -disposition:a:0 default " +
        "-c:a:1 copy -metadata:s:a:1 language=spa -metadata:s:a:1 handler_name=Español (dub) -disposition:a:1 0 " +
        "-movflags +faststart -f mp4 out.mp4",
    );
  });
  it("names languages in their own words", () => {
    expect(nativeLanguageName("es")).toBe("Español");
    expect(nativeLanguageName("de")).toBe("Deutsch");
    expect(nativeLanguageName("en")).toBe("English");
  });
});

describe("sharedTimeline", () => {
  const hold = [{ at: 1000, ms: 500 }];
  const other = [{ at: 2000, ms: 300 }];
  const langs = (ds: { language: string }[]) => ds.map((d) => d.language);

  it("takes a lone dub's timeline, holds and all", () => {
    const t = sharedTimeline([{ language: "es", waits: hold }]);
    expect(t.waits).toEqual(hold);
    expect(langs(t.on)).toEqual(["es"]);
    expect(t.left).toEqual([]);
  });

  it("takes the timeline most dubs share and leaves the others out", () => {
    const t = sharedTimeline([
      { language: "es", waits: hold },
      { language: "fr", waits: [] },
      { language: "de", waits: [{ ...hold[0]! }] },
    ]);
    expect(t.waits).toEqual(hold);
    expect(langs(t.on)).toEqual(["es", "de"]);
    expect(langs(t.left)).toEqual(["fr"]);
  });

  it("takes the original's timeline on a tie, else the first dub's", () => {
    const tie = sharedTimeline([
      { language: "es", waits: hold },
      { language: "fr", waits: [] },
    ]);
    expect(tie.waits).toEqual([]);
    expect(langs(tie.on)).toEqual(["fr"]);
    const held = sharedTimeline([
      { language: "es", waits: hold },
      { language: "fr", waits: other },
    ]);
    expect(langs(held.on)).toEqual(["es"]);
  });
});
