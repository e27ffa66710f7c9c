import { expect, it } from "vitest";
import { partsProgress } from "./common.ts";

it("passes on the weighted sum of the parts' latest fractions", () => {
  const seen: number[] = [];
  const part = partsProgress([0.75, 0.25], (f) => seen.push(f));
  part(0, 0.5);
  part(1, 1);
  part(0, 1);
  expect(seen).toEqual([0.375, 0.625, 1]);
});
