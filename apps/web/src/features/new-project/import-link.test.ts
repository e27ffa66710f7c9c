import { describe, expect, it } from "vitest";
import { linkProblem } from "./import-link.ts";

describe("linkProblem", () => {
  it("says the spec's 'Invalid YouTube link' for a YouTube link without an 11-character id", () => {
    expect(linkProblem("https://www.youtube.com/watch?v=short")).toBe("Invalid YouTube link");
    expect(linkProblem("youtu.be/dQw4w9WgXcQx")).toBe("Invalid YouTube link");
  });
  it("accepts YouTube links with their id, other pages and direct video links, with or without https://", () => {
    for (const link of [
      "https://youtu.be/dQw4w9WgXcQ",
      "youtube.com/watch?v=dQw4w9WgXcQ",
      "https://vimeo.com/76979871",
      "http://example.com/media/talk.mp4",
      "",
    ])
      expect(linkProblem(link), link).toBeNull();
  });
  it("refuses other schemes, user names and what is not a link", () => {
    expect(linkProblem("ftp://example.com/a.mp4")).toMatch(/Only http/);
    expect(linkProblem("https://me:secret@example.com/a.mp4")).toMatch(/user name/);
    expect(linkProblem("not a link")).toMatch(/not a link/);
  });
});
