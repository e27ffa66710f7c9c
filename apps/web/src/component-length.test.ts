import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { parseSync } from "vite";
import { describe, expect, it } from "vitest";

// Short components, so each can be read at once: a React component function longer than this is split
// into hooks for state and effects and small parts for markup, as features/editor/transcript/segment-editing.tsx is.
const MAX_LINES = 150;

/** Components another change is splitting at the same time; each leaves this list with its split. */
const EXEMPT = new Set<string>([]);

const root = join(import.meta.dirname, "../../..");
const SOURCES = ["apps/web/src", "packages/signin-widget/src"];

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith(".tsx") && !entry.name.includes(".test.") ? [path] : [];
  });
}

export interface Component {
  name: string;
  file: string;
  lines: number;
}

/** Pure: the line (0-based) of each offset in a text. */
function lineAt(text: string): (offset: number) => number {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") starts.push(i + 1);
  return (offset) => {
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
  [key: string]: unknown;
}

const isNode = (value: unknown): value is Node =>
  typeof value === "object" && value !== null && typeof (value as Node).type === "string";

/**
 * Pure: the component functions (capitalised name; a function declaration, or a function or arrow
 * assigned to a const) in one file's text, with their lengths in lines. Parsed with the oxc parser vite
 * ships (TypeScript 7 offers its parser only through a separate process).
 */
export function componentsIn(file: string, text: string): Component[] {
  const { program, errors } = parseSync(file, text, { lang: "tsx" });
  if (errors.length > 0) throw new Error(`${file} does not parse: ${errors[0]!.message}`);
  const line = lineAt(text);
  const found: Component[] = [];
  const add = (name: string, node: Node) => {
    if (/^[A-Z]/.test(name)) found.push({ name, file, lines: line(node.end) - line(node.start) + 1 });
  };
  const visit = (node: Node) => {
    const id = node.id as Node | null | undefined;
    const init = node.init as Node | null | undefined;
    if (node.type === "FunctionDeclaration" && id?.type === "Identifier") add(id.name as string, node);
    else if (
      node.type === "VariableDeclarator" &&
      id?.type === "Identifier" &&
      (init?.type === "ArrowFunctionExpression" || init?.type === "FunctionExpression")
    )
      add(id.name as string, init);
    for (const value of Object.values(node)) {
      if (Array.isArray(value)) for (const child of value) isNode(child) && visit(child);
      else if (isNode(value)) visit(value);
    }
  };
  visit(program as unknown as Node);
  return found;
}

function allComponents(): Component[] {
  return SOURCES.flatMap((dir) =>
    tsxFiles(join(root, dir)).flatMap((path) =>
      componentsIn(relative(root, path), readFileSync(path, "utf8")),
    ),
  );
}

describe("component length", () => {
  it(`measures functions and arrows, and only capitalised ones`, () => {
    const body = Array.from({ length: 3 }, (_, i) => `  const x${i} = ${i};`).join("\n");
    const text = `export function Big() {\n${body}\n  return null;\n}\nconst Small = () => null;\nfunction helper() {}\n`;
    expect(componentsIn("x.tsx", text)).toEqual([
      { name: "Big", file: "x.tsx", lines: 6 },
      { name: "Small", file: "x.tsx", lines: 1 },
    ]);
  });

  it(`no React component function is over ${MAX_LINES} lines`, () => {
    const components = allComponents();
    expect(components.length).toBeGreaterThan(50);
    const long = components
      .filter((c) => c.lines > MAX_LINES && !EXEMPT.has(c.name))
      .map((c) => `${c.name} (${c.file}): ${c.lines} lines`);
    expect(long).toEqual([]);
  });
});
