import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { Marked } from "marked";

export interface BlogPost {
  slug: string;
  title: string;
  author: string;
  /** ISO date (YYYY-MM-DD). */
  publicationDate: string;
  /** The article as Markdown. */
  content: string;
  /** The article rendered to HTML on the server, with any raw HTML escaped. */
  html: string;
  /** Plain-text opening (about 150 characters) for cards. */
  excerpt: string;
}

const escapeHtml = (s: string) =>
  s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** Link targets we render: http(s), mailto, same-site paths and fragments. Anything else (javascript:, data:) is dropped. */
export function isSafeUrl(href: string): boolean {
  const h = href.trim();
  if (/^(https?:|mailto:)/i.test(h)) return true;
  return /^(\/(?!\/)|#)/.test(h) || (!/^[a-z][a-z0-9+.-]*:/i.test(h) && !h.startsWith("//"));
}

const markdown = new Marked({ gfm: true, async: false });
markdown.use({
  renderer: {
    // Raw HTML in a post is shown as text, never injected.
    html({ text }) {
      return escapeHtml(text);
    },
    link({ href, text }) {
      return isSafeUrl(href) ? false : escapeHtml(text);
    },
    image({ href, text }) {
      return isSafeUrl(href) ? false : escapeHtml(text);
    },
  },
});

/** Pure: Markdown to HTML with raw HTML escaped and unsafe link targets removed. */
export function renderMarkdown(source: string): string {
  return markdown.parse(source) as string;
}

/** Pure: splits `---` front matter (`key: value` lines) from the body. */
export function parseFrontMatter(text: string): { data: Record<string, string>; body: string } {
  const m = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  if (!m) return { data: {}, body: text };
  const data: Record<string, string> = {};
  for (const line of m[1]!.split(/\r?\n/)) {
    const kv = /^([A-Za-z][\w-]*)\s*:\s*(.*)$/.exec(line);
    if (!kv) continue;
    let value = kv[2]!.trim();
    if (/^(["']).*\1$/.test(value)) value = value.slice(1, -1);
    data[kv[1]!] = value;
  }
  return { data, body: m[2]! };
}

/** Pure: the first `length` characters of the text of a Markdown body, for cards. */
export function excerptOf(markdownBody: string, length = 150): string {
  const text = markdownBody
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, " ")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/^#+\s*/gm, "")
    .replace(/[*_`>#]/g, "")
    .replace(/\s+/g, " ")
    .trim();
  return text.length <= length ? text : `${text.slice(0, length).trimEnd()}…`;
}

/** Pure: a post from one file's text; throws with the reason when a field is missing or wrong. */
export function parsePost(text: string, fileName: string): BlogPost {
  const { data, body } = parseFrontMatter(text);
  for (const field of ["title", "slug", "author", "publicationDate"]) {
    if (!data[field]) throw new Error(`${fileName}: front matter needs "${field}"`);
  }
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(data.slug!)) throw new Error(`${fileName}: slug must be kebab-case`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(data.publicationDate!) || Number.isNaN(Date.parse(data.publicationDate!))) {
    throw new Error(`${fileName}: publicationDate must be YYYY-MM-DD`);
  }
  const content = body.trim();
  return {
    slug: data.slug!,
    title: data.title!,
    author: data.author!,
    publicationDate: data.publicationDate!,
    content,
    html: renderMarkdown(content),
    excerpt: excerptOf(content),
  };
}

/** Loads every `*.md` of `dir`, newest first. A bad file stops the start-up (posts are part of the release). */
export async function loadPosts(dir: string): Promise<BlogPost[]> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => n.endsWith(".md")).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const posts = await Promise.all(
    names.map(async (n) => parsePost(await readFile(path.join(dir, n), "utf8"), n)),
  );
  const slugs = new Set<string>();
  for (const p of posts) {
    if (slugs.has(p.slug)) throw new Error(`blog: two posts have the slug "${p.slug}"`);
    slugs.add(p.slug);
  }
  return posts.sort(
    (a, b) => b.publicationDate.localeCompare(a.publicationDate) || a.slug.localeCompare(b.slug),
  );
}
