import { describe, expect, it } from "vitest";
import { batchSpans, inBatches, skipEmpty } from "./batch.ts";

describe("batchSpans", () => {
  it("cuts at the item limit and at the size limit, keeping the order", () => {
    expect(batchSpans([1, 1, 1, 1, 1], { maxItems: 2, maxSize: 100 })).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
      { start: 4, end: 5 },
    ]);
    expect(batchSpans([4, 4, 1, 3], { maxItems: 10, maxSize: 8 })).toEqual([
      { start: 0, end: 2 },
      { start: 2, end: 4 },
    ]);
    expect(batchSpans([], { maxItems: 10, maxSize: 8 })).toEqual([]);
  });
  it("puts an item over the size limit alone", () => {
    expect(batchSpans([1, 20, 1], { maxItems: 10, maxSize: 8 })).toEqual([
      { start: 0, end: 1 },
      { start: 1, end: 2 },
      { start: 2, end: 3 },
    ]);
  });
});

describe("skipEmpty", () => {
  it("sends only texts with words and puts their results back in place", () => {
    const { sent, place } = skipEmpty(["", "Hello", "  ", "World", "\n"]);
    expect(sent).toEqual(["Hello", "World"]);
    expect(place(["Hallo", "Welt"])).toEqual(["", "Hallo", "", "Welt", ""]);
    const none = skipEmpty(["", " "]);
    expect(none.sent).toEqual([]);
    expect(none.place([])).toEqual(["", ""]);
  });
});

describe("inBatches", () => {
  it("joins the batches' results in order and reports progress after each", async () => {
    const progress: number[] = [];
    const out = await inBatches([["a", "b"], ["c"]], { onProgress: (f) => progress.push(f) }, async (batch) =>
      batch.map((t) => t.toUpperCase()),
    );
    expect(out).toEqual(["A", "B", "C"]);
    expect(progress).toEqual([0.5, 1]);
    const none: number[] = [];
    expect(await inBatches([], { onProgress: (f) => none.push(f) }, async () => ["x"])).toEqual([]);
    expect(none).toEqual([1]);
  });
  it("stops with aborted before the next batch once the signal fired", async () => {
    const c = new AbortController();
    const seen: number[] = [];
    const run = inBatches([1, 2, 3], { signal: c.signal }, async (b) => {
      seen.push(b);
      c.abort();
      return [];
    });
    await expect(run).rejects.toMatchObject({ code: "aborted" });
    expect(seen).toEqual([1]);
  });
});
