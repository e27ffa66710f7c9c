import { describe, expect, it } from "vitest";
import {
  cycles,
  engineImports,
  importGraph,
  ROOM_TREES,
  roomCycles,
  testingImports,
} from "../../../scripts/import-graph.ts";

// The repository's import graph (scripts/import-graph.ts): the job engine uses no feature, and no files
// import each other round in a circle. biome's noRestrictedImports on src/jobs/ says the first as you type.
describe("layering", () => {
  const graph = importGraph();

  it("reads the graph (the server's wiring imports the engine and the workers)", () => {
    expect(graph.get("apps/server/src/server.ts")).toContain("apps/server/src/jobs/runner.ts");
    expect(graph.get("apps/server/src/server.ts")).toContain("apps/server/src/workers/worker.ts");
  });

  it("the job engine imports no feature", () => {
    expect(engineImports(graph)).toEqual([]);
  });

  it("the product imports no test helper (src/testing/ is for suites, benches and browser tests)", () => {
    expect(testingImports()).toEqual([]);
  });

  it("no file cycle anywhere in the repository", () => {
    expect(cycles(graph)).toEqual([]);
  });

  // A room is a top-level folder (or file) of a tree; rooms that import one way can be changed knowing
  // what depends on them. The failure names each import that closes a loop.
  it.each(ROOM_TREES)("no room cycle in %s", (tree) => {
    expect(roomCycles(graph, tree)).toEqual([]);
  });

  it("finds a cycle, a self-import and none in a tree", () => {
    const g = (edges: Record<string, string[]>) =>
      new Map(Object.entries(edges).map(([k, v]) => [k, new Set(v)]));
    expect(cycles(g({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }))).toEqual([["a", "b", "c"]]);
    expect(cycles(g({ a: ["a"] }))).toEqual([["a"]]);
    expect(cycles(g({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });

  it("finds a room cycle and names the imports that close it; tests do not count", () => {
    const g = new Map(
      Object.entries({
        "t/a/x.ts": ["t/b/y.ts"],
        "t/b/y.ts": ["t/c.ts"],
        "t/c.ts": [],
        "t/c/z.ts": ["t/a/x.ts"],
        "t/b/y.test.ts": ["t/a/x.ts"],
      }).map(([k, v]) => [k, new Set(v)]),
    );
    expect(roomCycles(g, "t/")).toEqual([]);
    g.get("t/c.ts")!.add("t/a/x.ts");
    expect(roomCycles(g, "t/")).toEqual([
      { rooms: ["a", "b", "c.ts"], imports: ["a/x.ts → b/y.ts", "b/y.ts → c.ts", "c.ts → a/x.ts"] },
    ]);
  });
});
