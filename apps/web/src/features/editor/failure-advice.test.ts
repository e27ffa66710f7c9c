import { describe, expect, it } from "vitest";
import { failedWithoutVideo, failureAdvice } from "./failure-advice.ts";

const link = { sourceUrl: "https://example.com/talk", originalVideoUrl: null };

describe("failureAdvice", () => {
  it("tells a failed link import that nothing came and what to do instead", () => {
    const failed = { ...link, status: "failed" as const };
    expect(failedWithoutVideo(failed)).toBe(true);
    expect(failureAdvice(failed)).toMatch(/^Nothing was imported.*create a new project.*upload the file\.$/);
  });

  it("tells a refused upload to upload again", () => {
    const failed = { status: "failed" as const, sourceUrl: null, originalVideoUrl: null };
    expect(failureAdvice(failed)).toMatch(/^The video was not kept.*Create a new project with the file/);
  });

  it("has nothing to add where the video is there or the project has not failed", () => {
    expect(failureAdvice({ status: "failed", sourceUrl: null, originalVideoUrl: "/media/x.mp4" })).toBeNull();
    expect(failureAdvice({ ...link, status: "processing" })).toBeNull();
    expect(failedWithoutVideo({ ...link, status: "processing" })).toBe(false);
  });
});
