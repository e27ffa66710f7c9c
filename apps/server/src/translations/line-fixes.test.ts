import { describe, expect, it } from "vitest";
import { borrowSilence, letPictureWait, moveSpeaker } from "./line-fixes.ts";

const seg = (start: number, end: number) => ({ speaker: "A", text: "Hola.", start, end });

describe("line fixes", () => {
  it("borrows the silence after a line up to 100 ms before the next line that starts later, or the end", () => {
    const lines = [seg(0, 1000), seg(2000, 3000), seg(2500, 2800)];
    expect(borrowSilence(lines, 0, 10_000)[0]).toMatchObject({ start: 0, end: 1900 });
    // line 3 starts inside line 2: there is no silence after line 2
    expect(() => borrowSilence(lines, 1, 10_000)).toThrow(/no silence/);
    expect(borrowSilence([seg(0, 1000)], 0, 4000)[0]?.end).toBe(4000);
    expect(() => borrowSilence([seg(0, 1000), seg(1050, 2000)], 0, 4000)).toThrow(/no silence/);
  });

  it("lets the picture wait for one line alone", () => {
    const out = letPictureWait([seg(0, 1000), seg(2000, 3000)], 1);
    expect(out.map((s) => s.pictureWaits)).toEqual([undefined, true]);
  });

  it("moves one line to another of the project's speakers, and to no one else", () => {
    const out = moveSpeaker([seg(0, 1000), seg(2000, 3000)], 1, "B", [{ id: "A" }, { id: "B" }]);
    expect(out.map((s) => s.speaker)).toEqual(["A", "B"]);
    expect(() => moveSpeaker([seg(0, 1000)], 0, "Z", [{ id: "A" }])).toThrow(/project's speakers/);
  });
});
