import { describe, expect, it } from "vitest";
import type { Translation } from "../../../api/types.ts";
import { playerSource } from "./player-source.ts";

const project = { originalVideoUrl: "/media/original.mp4" };
const es = {
  language: "es",
  status: "dubbed",
  finalVideoUrl: "/media/es.mp4",
  previousDub: null,
} as Translation;
const languages = [{ code: "es", name: "Spanish" }] as unknown as Parameters<typeof playerSource>[2];

describe("playerSource: the page's one player", () => {
  it("shows the original on the Original tab and on a tab without a dub", () => {
    const original = { url: "/media/original.mp4", label: "Original video", testId: "original-video" };
    expect(playerSource(project, undefined, languages)).toEqual(original);
    expect(playerSource(project, { ...es, status: "translated", finalVideoUrl: null }, languages)).toEqual(
      original,
    );
  });
  it("shows a tab's dub instead of the original, not while it is being made again", () => {
    expect(playerSource(project, es, languages)).toEqual({
      url: "/media/es.mp4",
      label: "Dubbed video (Spanish)",
      testId: "dubbed-video",
    });
    expect(playerSource(project, { ...es, status: "dubbing" }, languages)?.testId).toBe("original-video");
  });
  it("shows the dub before a failed one", () => {
    const failed = {
      ...es,
      status: "failed",
      finalVideoUrl: null,
      previousDub: { videoUrl: "/media/es-before.mp4", dubbedAt: null },
    } as Translation;
    expect(playerSource(project, failed, undefined)).toEqual({
      url: "/media/es-before.mp4",
      label: "Previous dub (es)",
      testId: "previous-dub",
    });
  });
});
