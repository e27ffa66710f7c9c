import { describe, expect, it } from "vitest";
import { youtubeId } from "./youtube.ts";

describe("youtubeId", () => {
  it("finds the 11-character id in the usual link shapes", () => {
    for (const link of [
      "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
      "https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10",
      "https://youtu.be/dQw4w9WgXcQ?si=abc",
      "https://www.youtube.com/embed/dQw4w9WgXcQ",
      "https://www.youtube.com/shorts/dQw4w9WgXcQ",
      "  youtube.com/live/dQw4w9WgXcQ ",
    ]) {
      expect(youtubeId(link)).toBe("dQw4w9WgXcQ");
    }
  });
  it("refuses ids that are not 11 characters and links that are not YouTube", () => {
    expect(youtubeId("https://www.youtube.com/watch?v=short")).toBeNull();
    expect(youtubeId("https://youtu.be/dQw4w9WgXcQx")).toBeNull();
    expect(youtubeId("https://example.com/watch?v=dQw4w9WgXcQ")).toBeNull();
    expect(youtubeId("")).toBeNull();
  });
});
