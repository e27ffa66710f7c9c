import { describe, expect, it } from "vitest";
import { filterByTitle } from "./filter.ts";

const items = [{ title: "Cooking Show" }, { title: "Travel vlog" }, { title: "BOOK review" }];

describe("filterByTitle", () => {
  it("matches a substring regardless of case", () => {
    expect(filterByTitle(items, "oo").map((i) => i.title)).toEqual(["Cooking Show", "BOOK review"]);
    expect(filterByTitle(items, "VLOG").map((i) => i.title)).toEqual(["Travel vlog"]);
  });
  it("returns everything for an empty term and nothing when no title matches", () => {
    expect(filterByTitle(items, "  ")).toHaveLength(3);
    expect(filterByTitle(items, "zzz")).toEqual([]);
  });
});
