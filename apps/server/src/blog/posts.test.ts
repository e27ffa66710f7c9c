import { describe, expect, it } from "vitest";
import { excerptOf, isSafeUrl, parseFrontMatter, parsePost, renderMarkdown } from "./posts.ts";

describe("blog posts", () => {
  it("parses front matter", () => {
    const { data, body } = parseFrontMatter('---\ntitle: "Hello: world"\nslug: hello\n---\n\n# Body\n');
    expect(data).toEqual({ title: "Hello: world", slug: "hello" });
    expect(body.trim()).toBe("# Body");
  });

  it("escapes raw HTML and drops unsafe links", () => {
    const html = renderMarkdown(
      '# Title\n\n<script>alert(1)</script>\n\nInline <img src=x onerror="alert(1)"> and [bad](javascript:alert(1)) and [good](https://example.com) and [home](/subscription).',
    );
    expect(html).toContain("<h1>Title</h1>");
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(html).not.toContain("<img");
    expect(html).not.toContain("javascript:");
    expect(html).toContain('<a href="https://example.com">good</a>');
    expect(html).toContain('<a href="/subscription">home</a>');
  });

  it("allows only safe link targets", () => {
    for (const ok of ["https://a.b", "mailto:x@y.z", "/blog", "#top", "relative/path"])
      expect(isSafeUrl(ok)).toBe(true);
    for (const bad of [
      "javascript:alert(1)",
      " JavaScript:x",
      "data:text/html,x",
      "//evil.com",
      "vbscript:x",
    ]) {
      expect(isSafeUrl(bad)).toBe(false);
    }
  });

  it("makes a plain-text excerpt of 150 characters", () => {
    const body = `# Heading\n\nSome **bold** text with a [link](https://x.y). ${"word ".repeat(60)}`;
    const excerpt = excerptOf(body);
    expect(excerpt.startsWith("Heading Some bold text with a link.")).toBe(true);
    expect(excerpt.length).toBeLessThanOrEqual(151);
    expect(excerpt.endsWith("…")).toBe(true);
  });

  it("requires every front matter field", () => {
    const ok = "---\ntitle: T\nslug: a-b\nauthor: A\npublicationDate: 2026-01-05\n---\nText";
    expect(parsePost(ok, "a.md")).toMatchObject({ slug: "a-b", content: "Text", html: "<p>Text</p>\n" });
    expect(() => parsePost(ok.replace("author: A\n", ""), "a.md")).toThrow(/author/);
    expect(() => parsePost(ok.replace("a-b", "A B"), "a.md")).toThrow(/slug/);
    expect(() => parsePost(ok.replace("2026-01-05", "soon"), "a.md")).toThrow(/publicationDate/);
  });
});
