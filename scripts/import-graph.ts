// The repository's file import graph, read from the sources (relative imports, type-only ones included:
// a type cycle is still two files that cannot be read one without the other). Used by
// apps/server/src/layering.test.ts; run it to print the figures: `node scripts/import-graph.ts`.
import { globSync, readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "..");

const SOURCES = ["apps/*/{src,test,e2e}/**/*.{ts,tsx}", "packages/*/{src,test}/**/*.{ts,tsx}", "e2e/**/*.ts"];
const SKIP = /(^|\/)(node_modules|dist)\//;

/** Every module specifier a file names: static imports and re-exports, side-effect and dynamic imports. */
export function specifiers(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: string[] = [];
  for (const m of code.matchAll(/^\s*(?:import|export)\b[^;"']*?\bfrom\s*["']([^"']+)["']/gm))
    found.push(m[1]!);
  for (const m of code.matchAll(/^\s*import\s*["']([^"']+)["']/gm)) found.push(m[1]!);
  for (const m of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)) found.push(m[1]!);
  return found;
}

/** file → the files it imports (paths relative to the repository root). */
export function importGraph(root = ROOT): Map<string, Set<string>> {
  const files = SOURCES.flatMap((p) => globSync(p, { cwd: root })).filter((f) => !SKIP.test(f));
  const known = new Set(files);
  const graph = new Map<string, Set<string>>();
  for (const file of files) {
    const targets = new Set<string>();
    for (const spec of specifiers(readFileSync(path.join(root, file), "utf8"))) {
      if (!spec.startsWith(".")) continue;
      const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
      for (const candidate of [target, target.replace(/\.js$/, ".ts"), `${target}.ts`, `${target}/index.ts`])
        if (known.has(candidate)) {
          targets.add(candidate);
          break;
        }
    }
    graph.set(file, targets);
  }
  return graph;
}

/**
 * Product files (under a package's `src/`, not a test, not a test helper) that import a test helper: a
 * file under some `testing/` folder, by a relative path or a package's `…/testing/…` entry point. Test
 * helpers ship in `src/testing/` so that suites, benches and browser tests of every package share them;
 * the product must never load one. Each answer is "file → specifier".
 */
export function testingImports(root = ROOT): string[] {
  const isProduct = (f: string) =>
    /^(apps|packages)\/[^/]+\/src\//.test(f) && !/(^|\/)testing\//.test(f) && !/\.test\.tsx?$/.test(f);
  const files = SOURCES.flatMap((p) => globSync(p, { cwd: root })).filter((f) => !SKIP.test(f));
  return files.filter(isProduct).flatMap((file) =>
    specifiers(readFileSync(path.join(root, file), "utf8"))
      .filter((spec) => /(^|\/)testing\//.test(spec))
      .map((spec) => `${file} → ${spec}`),
  );
}

/** Pure: the import cycles, one per strongly connected group of files (Tarjan), each as its files. */
export function cycles(graph: Map<string, Set<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1 || graph.get(file)?.has(file)) found.push(group.sort());
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) visit(file);
  return found;
}

const SERVER = "apps/server/src/";
/** The server's ground floor: what every feature uses and which uses no feature. */
export const GROUND_FLOOR = ["jobs", "db", "storage", "logs", "errors.ts", "config.ts"];
/** The server's top: wiring of the roles, which may import anything. */
const TOP = ["app.ts", "server.ts", "main.ts", "workers", "cli"];

/** The server's area of a file (its folder, or the file itself at the top of src/), or null. */
export function area(file: string): string | null {
  if (!file.startsWith(SERVER)) return null;
  return file.slice(SERVER.length).split("/")[0]!;
}

/** Imports from a ground-floor file of the server to a feature (anything neither ground floor nor top). */
export function layeringViolations(graph: Map<string, Set<string>>): [string, string][] {
  const result: [string, string][] = [];
  for (const [from, targets] of graph) {
    const a = area(from);
    if (a === null || !GROUND_FLOOR.includes(a) || from.endsWith(".test.ts")) continue;
    for (const to of targets) {
      const b = area(to);
      if (b !== null && b !== a && !GROUND_FLOOR.includes(b)) result.push([from, to]);
    }
  }
  return result;
}

/** Imports from the server's job engine (`src/jobs/`) to anything outside the ground floor. */
export function engineImports(graph: Map<string, Set<string>>): [string, string][] {
  return layeringViolations(graph).filter(([from]) => area(from) === "jobs");
}

export { TOP };

/** The trees whose rooms (top-level folders or files under the tree) must not import each other in circles. */
export const ROOM_TREES = ["apps/server/src/", "packages/dubbing/src/"];

/**
 * Pure: the rooms of one tree and, per arrow between two rooms, the file imports that make it. Tests are
 * left out: a test may reach across rooms without making the product's rooms depend on each other.
 */
export function roomGraph(
  graph: Map<string, Set<string>>,
  tree: string,
): { rooms: Map<string, Set<string>>; because: Map<string, string[]> } {
  const room = (file: string) =>
    file.startsWith(tree) && !/\.test\.tsx?$/.test(file) ? file.slice(tree.length).split("/")[0]! : null;
  const rooms = new Map<string, Set<string>>();
  const because = new Map<string, string[]>();
  for (const [from, targets] of graph) {
    const a = room(from);
    if (a === null) continue;
    if (!rooms.has(a)) rooms.set(a, new Set());
    for (const to of targets) {
      const b = room(to);
      if (b === null || b === a) continue;
      rooms.get(a)!.add(b);
      const key = `${a} → ${b}`;
      because.set(key, [
        ...(because.get(key) ?? []),
        `${from.slice(tree.length)} → ${to.slice(tree.length)}`,
      ]);
    }
  }
  return { rooms, because };
}

/** Pure: each room cycle of a tree, with the file imports behind every arrow inside it. */
export function roomCycles(
  graph: Map<string, Set<string>>,
  tree: string,
): { rooms: string[]; imports: string[] }[] {
  const { rooms, because } = roomGraph(graph, tree);
  return cycles(rooms).map((group) => ({
    rooms: group,
    imports: group.flatMap((a) =>
      group.flatMap((b) => (rooms.get(a)?.has(b) ? (because.get(`${a} → ${b}`) ?? []) : [])),
    ),
  }));
}

if (import.meta.main) {
  const graph = importGraph();
  const edges = [...graph.values()].reduce((n, s) => n + s.size, 0);
  console.log(`${graph.size} files, ${edges} relative imports`);
  const bad = layeringViolations(graph);
  console.log(`ground floor (${GROUND_FLOOR.join(", ")}) → feature imports: ${bad.length}`);
  for (const [from, to] of bad) console.log(`  ${from} → ${to}`);
  const found = cycles(graph);
  console.log(`file cycles: ${found.length}`);
  for (const group of found) console.log(`  ${group.join(" ⇄ ")}`);
  for (const tree of ROOM_TREES) {
    const { rooms } = roomGraph(graph, tree);
    console.log(`\n${tree}: ${rooms.size} rooms`);
    for (const [room, targets] of [...rooms].sort(([a], [b]) => a.localeCompare(b)))
      console.log(`  ${room} → ${[...targets].sort().join(", ") || "(nothing)"}`);
    const loops = roomCycles(graph, tree);
    console.log(`room cycles: ${loops.length}`);
    for (const loop of loops) console.log(`  ${loop.rooms.join(" ⇄ ")}\n    ${loop.imports.join("\n    ")}`);
  }
}
