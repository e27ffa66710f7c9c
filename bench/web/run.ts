// Prints the JavaScript and CSS each route of the web app loads, from the Vite build manifest, raw and
// gzipped. Build first: npm run build -w @dubbing/web. Usage: node bench/web/run.ts [distDir]
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dist = path.resolve(process.argv[2] ?? "apps/web/dist");

interface Chunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
const manifest = JSON.parse(readFileSync(path.join(dist, ".vite/manifest.json"), "utf8")) as Record<
  string,
  Chunk
>;

// Each route with the lazy modules the router loads for it, outermost first (see apps/web/src/router.tsx).
// The landing page opens without the router (apps/web/src/main.tsx); every other address starts it.
const APP = "src/app/start.tsx";
const DATA = [APP, "src/app/DataRoot.tsx"];
const SIGNED_IN = [...DATA, "src/features/auth/RequireAuth.tsx", "src/features/layout/AppLayout.tsx"];
const ROUTES: [route: string, modules: string[]][] = [
  ["/", ["src/features/landing/LandingPage.tsx"]],
  ["/refund-policy", [APP, "src/features/policies/RefundPolicyPage.tsx"]],
  ["/terms-of-service", [APP, "src/features/policies/TermsPage.tsx"]],
  ["/privacy-policy", [APP, "src/features/policies/PrivacyPage.tsx"]],
  ["/login", [...DATA, "src/features/auth/LoginPage.tsx"]],
  ["/blog", [...DATA, "src/features/blog/BlogListPage.tsx"]],
  ["/blog/:slug", [...DATA, "src/features/blog/BlogPostPage.tsx"]],
  ["/projects", [...SIGNED_IN, "src/features/projects/ProjectListPage.tsx"]],
  ["/projects/new", [...SIGNED_IN, "src/features/new-project/NewProjectPage.tsx"]],
  ["/projects/:id", [...SIGNED_IN, "src/features/editor/ProjectEditorPage.tsx"]],
  ["/subscription", [...SIGNED_IN, "src/features/subscription/SubscriptionPage.tsx"]],
  ["/storyboard", [...SIGNED_IN, "src/features/storyboard/StoryboardListPage.tsx"]],
  ["/storyboard/:id", [...SIGNED_IN, "src/features/storyboard/StoryboardDetailPage.tsx"]],
];

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error("no entry in the manifest");

/** The files a set of manifest keys loads, following static imports. */
function closure(keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    js.add(chunk.file);
    for (const c of chunk.css ?? []) css.add(c);
    for (const i of chunk.imports ?? []) visit(i);
  };
  for (const k of keys) visit(k);
  return { js, css };
}

const sizeCache = new Map<string, { raw: number; gz: number }>();
function size(file: string) {
  let s = sizeCache.get(file);
  if (!s) {
    const bytes = readFileSync(path.join(dist, file));
    s = { raw: bytes.length, gz: gzipSync(bytes, { level: 9 }).length };
    sizeCache.set(file, s);
  }
  return s;
}
const sum = (files: Iterable<string>) => {
  let raw = 0;
  let gz = 0;
  for (const f of files) {
    const s = size(f);
    raw += s.raw;
    gz += s.gz;
  }
  return { raw, gz };
};
const kb = (n: number) => (n / 1024).toFixed(1).padStart(7);

console.log(`web bundle per route (${dist})`);
console.log(
  `${"route".padEnd(18)} ${"files".padStart(5)} ${"JS KiB".padStart(7)} ${"JS gz".padStart(7)} ${"CSS gz".padStart(7)} ${"+lazy gz".padStart(8)}`,
);
const editorFile = manifest["src/features/editor/ProjectEditorPage.tsx"]?.file;
for (const [route, modules] of ROUTES) {
  const { js, css } = closure([entryKey, ...modules]);
  const j = sum(js);
  const c = sum(css);
  // What the page itself loads later on demand (e.g. the sign-in widget on /login), beyond the above.
  const page = manifest[modules.at(-1)!]!;
  const lazy = closure(page.dynamicImports ?? []).js;
  for (const f of js) lazy.delete(f);
  const l = sum(lazy);
  console.log(
    `${route.padEnd(18)} ${String(js.size).padStart(5)} ${kb(j.raw)} ${kb(j.gz)} ${kb(c.gz)} ${kb(l.gz).padStart(8)}`,
  );
}
const landing = closure([entryKey, "src/features/landing/LandingPage.tsx"]);
console.log(
  `\nlanding page JS: ${kb(sum(landing.js).gz).trim()} KiB gzipped (budget 80 KiB); loads the editor: ${
    editorFile && landing.js.has(editorFile) ? "yes" : "no"
  }`,
);
const all = Object.values(manifest).filter((c) => c.file.endsWith(".js"));
console.log(`all JS: ${all.length} chunks, ${kb(sum(all.map((c) => c.file)).gz).trim()} KiB gzipped`);
