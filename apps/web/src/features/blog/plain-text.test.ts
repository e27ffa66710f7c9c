import { describe, expect, it } from "vitest";
import { excerpt } from "./excerpt.ts";
import { markdownToText } from "./plain-text.ts";

describe("markdownToText", () => {
  it("keeps the words and drops the Markdown marks", () => {
    const md =
      "# Title\n\nSome **bold** and _soft_ text with a [link](https://x.test) and `code`.\n\n- one\n- two\n\n![pic](a.png)";
    expect(markdownToText(md)).toBe("Title Some bold and soft text with a link and code. one two pic");
  });
  it("feeds the 150-character excerpt", () => {
    const md = `## Heading\n\n${"word ".repeat(60)}`;
    const text = excerpt(markdownToText(md));
    expect(text.startsWith("Heading word word")).toBe(true);
    expect(text.endsWith("...")).toBe(true);
    expect(text.length).toBe(153);
  });
});
