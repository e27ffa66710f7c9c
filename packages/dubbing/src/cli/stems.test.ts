import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { reusableStems, stemsDirBeside } from "./stems.ts";

describe("the CLI's stems", () => {
  it("are kept beside the transcript, and reused only for the video they were made from", () => {
    expect(stemsDirBeside("out/talk.json")).toBe("out/talk.stems");
    expect(stemsDirBeside("talk")).toBe("talk.stems");
    const record = { dir: resolve("talk.stems"), video: resolve("talk.mp4"), videoBytes: 1234 };
    expect(reusableStems(record, "talk.mp4", 1234)).toBe(resolve("talk.stems"));
    expect(reusableStems(record, "talk.mp4", 999)).toBeUndefined();
    expect(reusableStems(record, "other.mp4", 1234)).toBeUndefined();
    expect(reusableStems(undefined, "talk.mp4", 1234)).toBeUndefined();
  });
});
