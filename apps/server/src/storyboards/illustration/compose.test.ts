import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { composeIllustration, fitWords, HEIGHT, VARIANTS, WIDTH } from "./compose.ts";
import { iconScore, iconsFor, lucide, wordForms } from "./icons.ts";
import { moodOf, paletteFor } from "./mood.ts";

const set = lucide();
/** The d attributes of a Lucide icon, as they appear in a drawing. */
const paths = (name: string) => set.nodes[name]!.filter(([t]) => t === "path").map(([, a]) => String(a.d));

describe("the mood of a frame's words", () => {
  it("reads cold, bright, tense, calm, green, lively and neutral words", () => {
    expect(moodOf(["snow", "cold"])).toBe("cold");
    expect(moodOf(["birthday", "celebration"])).toBe("bright");
    expect(moodOf(["storm", "danger"])).toBe("tense");
    expect(moodOf(["ocean", "whales"])).toBe("calm");
    expect(moodOf(["forest", "trees"])).toBe("green");
    expect(moodOf(["city", "traffic"])).toBe("lively");
    expect(moodOf(["table", "chair"])).toBe("neutral");
  });
  it("lets the majority win, then the first word", () => {
    expect(moodOf(["sunny", "snow", "winter"])).toBe("cold");
    expect(moodOf(["sunny", "snow"])).toBe("bright");
    // a short stem is a word of its own: "car" is lively, "careful" is not
    expect(moodOf(["careful"])).toBe("tense");
  });
});

describe("icons from the frame's words (Lucide)", () => {
  it("prefers an icon named by the word, then a part of a name, then a tag", () => {
    expect(wordForms("cars")).toEqual(["cars", "car"]);
    expect(wordForms("stories")).toEqual(["stories", "story"]);
    expect(wordForms("glass")).toEqual(["glass"]);
    expect(iconScore("mountain", [], "mountains")).toBe(100);
    expect(iconScore("cloud-snow", [], "snow")).toBeGreaterThan(iconScore("snowflake", ["snow"], "snow"));
    expect(iconScore("map", ["travel"], "travel")).toBe(30);
    expect(iconScore("map", ["travel"], "weather")).toBe(0);
  });
  it("picks one icon a word, each once, and none for a word no icon is about", () => {
    expect(iconsFor(["mountains", "cars"], set)).toEqual(["mountain", "car"]);
    expect(iconsFor(["ocean", "ocean"], set)).toHaveLength(2);
    expect(iconsFor(["zzqx"], set)).toEqual([]);
  });
});

describe("composeIllustration", () => {
  it("sets the words in type, draws the words' icons, in the colours of their mood", () => {
    const svg = composeIllustration(0, "mountains snow", set);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1280" height="720"/);
    expect(svg).toContain(">Mountains<");
    expect(svg).toContain(">Snow<");
    expect(svg).toContain('font-family="DejaVu Sans');
    for (const d of paths("mountain")) expect(svg).toContain(`d="${d}"`);
    const cold = [paletteFor("cold", 0), paletteFor("cold", 1)];
    expect(cold.some((p) => svg.includes(`stop-color="${p.from}"`))).toBe(true);
  });
  it("falls back to the mood's icons when no word names one", () => {
    const svg = composeIllustration(1, "zzqx birthday", set);
    expect(svg).toMatch(/>Zzqx( |<\/text>.*>)Birthday</);
    expect(paths("cake").some((d) => svg.includes(d)) || paths("sun").some((d) => svg.includes(d))).toBe(
      true,
    );
  });
  it("escapes the words and gives every variant its own picture", () => {
    const svg = composeIllustration(2, `a<b & "c"`, set);
    expect(svg).toContain("A&lt;b &amp; &quot;c&quot;");
    expect(svg).not.toContain("<b ");
    const all = new Set(
      Array.from({ length: VARIANTS }, (_, v) => composeIllustration(v, "ocean whales", set)),
    );
    expect(all.size).toBe(VARIANTS);
  });
  it("wraps and shrinks long words to fit", () => {
    const fit = fitWords("the longest search anyone typed into the storyboard box".split(" "), 640, 104);
    expect(fit.lines.length).toBeLessThanOrEqual(3);
    for (const line of fit.lines) expect(line.length * fit.size * 0.64).toBeLessThanOrEqual(640);
  });
  it("is drawn by ffmpeg's SVG decoder into a 1280×720 picture whose colour follows the mood", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "illustration-"));
    const meanColour = (query: string) => {
      const file = path.join(dir, `${query.replace(/\W/g, "-")}.svg`);
      writeFileSync(file, composeIllustration(0, query, set));
      const size = execFileSync("ffprobe", [
        "-v",
        "error",
        "-show_entries",
        "stream=width,height",
        "-of",
        "csv=p=0",
        file,
      ]);
      expect(size.toString().trim()).toBe(`${WIDTH},${HEIGHT}`);
      // the whole picture averaged to one pixel
      const rgb = execFileSync("ffmpeg", [
        ...[
          "-v",
          "error",
          "-i",
          file,
          "-vf",
          "scale=1:1:flags=area",
          "-f",
          "rawvideo",
          "-pix_fmt",
          "rgb24",
          "-",
        ],
      ]);
      return { r: rgb[0]!, g: rgb[1]!, b: rgb[2]! };
    };
    const sunny = meanColour("birthday party");
    const gloomy = meanColour("storm danger");
    const green = meanColour("forest garden");
    expect(sunny.r).toBeGreaterThan(sunny.b + 40);
    expect(green.g).toBeGreaterThan(green.b);
    expect(gloomy.r + gloomy.g + gloomy.b).toBeLessThan(sunny.r + sunny.g + sunny.b);
  });
});
