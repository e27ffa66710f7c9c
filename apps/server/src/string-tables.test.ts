import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A table looked up by a string is a Map: an object literal answers `constructor`, `__proto__`,
// `toString`… with what every object inherits (a function, the prototype), so `TABLE[userString]` found
// something for a name it never listed (GET /api/voices/sample/constructor/… answered 500). This keeps the
// class from coming back: an object typed `Record<string, …>` is only written and walked, never read by key.

const ROOT = path.resolve(import.meta.dirname, "../../..");

const TABLE = /\b(export\s+)?(?:const|let)\s+(\w+)\s*:\s*(?:Readonly<)?Record<string,[^=]*=\s*\{\s*[^\s}]/g;

/** The exported tables typed `Record<string, …>` with entries (read in other files too). */
export function exportedTables(source: string): string[] {
  return [...source.matchAll(TABLE)].filter((m) => m[1]).map((m) => m[2]!);
}

/**
 * `NAME[expr]` reads of tables typed `Record<string, …>` with entries, declared in the file or among
 * `exported` (writes `NAME[k] =` are fine, and so are objects built up from `{}`: those are written and
 * walked, not looked up in).
 */
export function stringKeyedReads(source: string, exported: readonly string[] = []): string[] {
  const names = new Set([...[...source.matchAll(TABLE)].map((m) => m[2]!), ...exported]);
  const found: string[] = [];
  for (const name of names)
    for (const m of source.matchAll(new RegExp(`\\b${name}\\[([^\\]]+)\\](?!\\s*(?:\\?\\?)?=[^=])`, "g")))
      if (!/^(["'`]).*\1$/.test(m[1]!)) found.push(m[0]);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("tables looked up by a string", () => {
  it("are Maps everywhere: no Record<string, …> object is read by a computed key", () => {
    const roots = ["apps", "packages"].flatMap((top) =>
      readdirSync(path.join(ROOT, top)).map((name) => path.join(ROOT, top, name, "src")),
    );
    const files = roots.flatMap((root) => {
      try {
        return sourceFiles(root);
      } catch {
        return [];
      }
    });
    expect(files.length).toBeGreaterThan(300);
    const sources = files.map((file) => [path.relative(ROOT, file), readFileSync(file, "utf8")] as const);
    const exported = sources.flatMap(([, source]) => exportedTables(source));
    const found = sources.flatMap(([file, source]) =>
      stringKeyedReads(source, exported).map((read) => `${file}: ${read}`),
    );
    expect(found).toEqual([]);
  });

  it("finds a read by a computed key, and lets writes and literal keys be", () => {
    const table = `const T: Record<string, string> = { a: "1" };`;
    expect(stringKeyedReads(`${table} f(T[name]);`)).toEqual(["T[name]"]);
    expect(stringKeyedReads(`${table} const x = T[req.params.language] ?? "";`)).toEqual([
      "T[req.params.language]",
    ]);
    expect(stringKeyedReads(`${table} if (T[a] === b) go();`)).toEqual(["T[a]"]);
    expect(stringKeyedReads(`${table} T[name] = "2"; T[k] ??= "3"; f(T["a"]);`)).toEqual([]);
    expect(stringKeyedReads(`const M = new Map([["a", "1"]]); f(M.get(name));`)).toEqual([]);
    expect(stringKeyedReads(`const out: Record<string, string> = {}; out[k] = v; f(out[k]);`)).toEqual([]);
    // a table exported by one file and read in another
    const flags = `export const LANGS: Record<string, string> = { english: "en" };`;
    expect(exportedTables(flags)).toEqual(["LANGS"]);
    expect(stringKeyedReads(`import { LANGS } from "./flags.ts"; f(LANGS[lang]);`, ["LANGS"])).toEqual([
      "LANGS[lang]",
    ]);
  });
});
