import { describe, expect, it } from "vitest";
import {
  dubKeys,
  projectKeys,
  projectOfPrefix,
  projectPrefix,
  storyboardPrefix,
  storyboardVideoKey,
} from "./keys.ts";

describe("storage keys", () => {
  it("keep every file of a project under its prefix, so deleting the prefix deletes them all", () => {
    const keys = projectKeys("p1");
    const all = [
      keys.original(".webm"),
      keys.poster,
      keys.preview,
      keys.audio,
      keys.dubSource,
      ...Object.values(dubKeys("p1", "es")),
    ];
    for (const key of all) expect(key.startsWith(projectPrefix("p1"))).toBe(true);
    expect(new Set(all).size).toBe(all.length);
    expect(all.some((key) => key.startsWith(projectPrefix("p")))).toBe(false);
  });

  it("keep a storyboard's video under the storyboard's prefix", () => {
    expect(storyboardVideoKey("s1").startsWith(storyboardPrefix("s1"))).toBe(true);
  });

  it("name the project of a whole project's prefix, and no project for any other prefix", () => {
    expect(projectOfPrefix(projectPrefix("p1"))).toBe("p1");
    expect(projectOfPrefix(dubKeys("p1", "es").mp4)).toBeNull();
    expect(projectOfPrefix(storyboardPrefix("s1"))).toBeNull();
  });
});
