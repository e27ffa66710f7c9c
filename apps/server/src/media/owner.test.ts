import { describe, expect, it } from "vitest";
import { mediaOwner } from "./owner.ts";

describe("mediaOwner", () => {
  it("names the project or storyboard a key belongs to, and nothing for other files", () => {
    expect(mediaOwner("projects/p1/original.mp4")).toEqual({ resource: "project", id: "p1" });
    expect(mediaOwner("storyboards/s1/video.mp4")).toEqual({ resource: "storyboard", id: "s1" });
    expect(mediaOwner("exports/u1/e1.zip")).toBeNull();
    expect(mediaOwner("projects/")).toBeNull();
    expect(mediaOwner("projects")).toBeNull();
  });
});
