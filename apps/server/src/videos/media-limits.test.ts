import { describe, expect, it } from "vitest";
import { mediaRefusal } from "./media-limits.ts";

const hd = { width: 1920, height: 1080, fps: 30 };

describe("mediaRefusal", () => {
  it("takes up to 4K either way up, up to 60 fps, up to the plan's length", () => {
    expect(mediaRefusal(hd, 60_000, 1800)).toBeNull();
    expect(mediaRefusal({ width: 3840, height: 2160, fps: 60 }, 60_000, 1800)).toBeNull();
    expect(mediaRefusal({ width: 2160, height: 3840, fps: 59.94 }, 60_000, 1800)).toBeNull();
  });

  it("refuses 8K, a 4K-wide but too tall frame, 120 fps and a video longer than the plan takes", () => {
    expect(mediaRefusal({ width: 7680, height: 4320, fps: 30 }, 1000, 1800)).toEqual({
      code: "unsupported_media_type",
      message: "This video is 7680×4320. The service takes videos up to 4K (3840×2160).",
    });
    expect(mediaRefusal({ width: 3000, height: 3000, fps: 30 }, 1000, 1800)?.code).toBe(
      "unsupported_media_type",
    );
    expect(mediaRefusal({ ...hd, fps: 120 }, 1000, 1800)?.message).toBe(
      "This video has 120 frames per second. The service takes up to 60.",
    );
    expect(mediaRefusal(hd, 3 * 3600_000 + 600_000, 3 * 3600)).toEqual({
      code: "file_too_large",
      message: "This video is 3 h 10 min long. Your plan takes videos up to 3 h.",
    });
  });
});
