import { describe, expect, it } from "vitest";
import { MAX_SUBTITLE_BYTES, subtitleFileProblem } from "./SubtitleFileField.tsx";

describe("subtitleFileProblem", () => {
  it("accepts SRT and WebVTT files up to 2 MiB", () => {
    expect(subtitleFileProblem(new File(["x"], "a.srt"))).toBeNull();
    expect(subtitleFileProblem(new File(["x"], "B.VTT"))).toBeNull();
  });
  it("refuses other names, empty files and files over 2 MiB", () => {
    expect(subtitleFileProblem(new File(["x"], "a.txt"))).toMatch(/SRT/);
    expect(subtitleFileProblem(new File([], "a.srt"))).toBe("The subtitle file is empty.");
    expect(subtitleFileProblem(new File([new Uint8Array(MAX_SUBTITLE_BYTES + 1)], "a.srt"))).toMatch(/2 MiB/);
  });
});
