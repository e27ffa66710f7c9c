import { describe, expect, it } from "vitest";
import { checkFit, FIT_SPEED_FAIL, FIT_SPEED_WARN } from "./fit.ts";

const base = {
  speed: 1,
  tooLong: false,
  placed: { start: 0, end: 1000 },
  nextStart: 2000,
  waitMs: 0,
  delayMs: 0,
};

describe("checkFit", () => {
  it("passes a line at its voice's pace", () => {
    expect(checkFit(base)).toMatchObject({ check: "fit", status: "ok", value: 1 });
  });
  it("warns above the plan's cap and fails when hard to follow", () => {
    expect(checkFit({ ...base, speed: FIT_SPEED_WARN + 0.05 }).status).toBe("warn");
    expect(checkFit({ ...base, speed: FIT_SPEED_FAIL }).message).toMatch(/plays at 1\.5×/);
    expect(checkFit({ ...base, speed: FIT_SPEED_FAIL }).status).toBe("fail");
  });
  it("fails a clip too long even sped up, or running into the next line", () => {
    expect(checkFit({ ...base, tooLong: true }).status).toBe("fail");
    const over = checkFit({ ...base, placed: { start: 0, end: 2600 } });
    expect(over).toMatchObject({ status: "fail" });
    expect(over.message).toMatch(/0\.6 s into the next line/);
    expect(checkFit({ ...base, placed: { start: 0, end: 2040 } }).status).toBe("ok");
  });
  it("warns when the picture holds long or the line starts late", () => {
    expect(checkFit({ ...base, waitMs: 1200 }).message).toMatch(/picture holds 1\.2 s/);
    expect(checkFit({ ...base, delayMs: 600 }).status).toBe("warn");
    expect(checkFit({ ...base, waitMs: 400, delayMs: 100 }).status).toBe("ok");
  });
});
