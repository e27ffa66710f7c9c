import { createHash } from "node:crypto";
import { type IconNode, type IconSet, iconsFor } from "./icons.ts";
import { MOOD_ICONS, moodOf, type Palette, paletteFor } from "./mood.ts";

// Pure: an offline storyboard illustration as SVG. The frame's search words are set in type, Lucide icons
// chosen from those words are drawn large, and the colours follow the mood of the words. The variant
// (0–7) changes the layout and the palette, so a frame's candidates differ from one another.

export const WIDTH = 1280;
export const HEIGHT = 720;
export const VARIANTS = 8;

const FONT = "DejaVu Sans, Noto Sans, WenQuanYi Micro Hei, sans-serif";
/** Average advance of DejaVu Sans Bold, in ems: enough to wrap and size the words without measuring. */
const EM_WIDTH = 0.64;

const escapeXml = (s: string) =>
  s.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!,
  );

const titleCase = (w: string) => w.charAt(0).toLocaleUpperCase() + w.slice(1);

/** Lines of at most `maxChars` characters, and the font size that fits them in `width` (≤ `maxSize`). */
export function fitWords(words: readonly string[], width: number, maxSize: number) {
  const text = words.map(titleCase).join(" ");
  for (let size = maxSize; size >= 28; size -= 4) {
    const maxChars = Math.floor(width / (size * EM_WIDTH));
    const lines: string[] = [];
    for (const w of text.split(" ")) {
      const last = lines.at(-1);
      if (last !== undefined && last.length + 1 + w.length <= maxChars)
        lines[lines.length - 1] = `${last} ${w}`;
      else lines.push(w);
    }
    if (lines.length <= 3 && lines.every((l) => l.length <= maxChars)) return { lines, size };
  }
  return { lines: [text.slice(0, 40)], size: 28 };
}

/** Where and how a drawing goes: from (x, y), `size` pixels (an icon's side, the words' font), in `colour`. */
interface Placed {
  x: number;
  y: number;
  size: number;
  colour: string;
}

/** An icon's drawing at (x, y), `size` pixels square, stroked in `colour`. */
function icon(nodes: IconNode[], { x, y, size, colour, opacity = 1 }: Placed & { opacity?: number }): string {
  const scale = Math.round((size / 24) * 1000) / 1000;
  const body = nodes
    .map(([tag, attrs]) => {
      const safe = Object.entries(attrs)
        .filter(([k]) => /^[a-z][a-z-]*$/i.test(k))
        .map(([k, v]) => `${k}="${escapeXml(String(v))}"`)
        .join(" ");
      return /^[a-z]+$/i.test(tag) ? `<${tag} ${safe}/>` : "";
    })
    .join("");
  return (
    `<g transform="translate(${x} ${y}) scale(${scale})" fill="none" stroke="${colour}" stroke-width="1.75" ` +
    `stroke-linecap="round" stroke-linejoin="round" opacity="${opacity}">${body}</g>`
  );
}

/** The words as SVG text lines from (x, y), anchored start or middle. */
function words(lines: string[], { x, y, size, colour, anchor }: Placed & { anchor: "start" | "middle" }) {
  return lines
    .map(
      (line, i) =>
        `<text x="${x}" y="${Math.round(y + i * size * 1.12)}" font-family="${FONT}" font-weight="700" font-size="${size}" ` +
        `letter-spacing="-1" fill="${colour}" text-anchor="${anchor}">${escapeXml(line)}</text>`,
    )
    .join("");
}

/** A short accent rule under the words. */
const rule = (x: number, y: number, colour: string) =>
  `<rect x="${x}" y="${y}" width="120" height="8" rx="4" fill="${colour}"/>`;

/** The illustration of `query` (the frame's search words) in `variant`, as an SVG document. */
export function composeIllustration(variant: number, query: string, set: IconSet): string {
  const terms = query.split(" ").filter(Boolean);
  const mood = moodOf(terms);
  const hash = createHash("sha256").update(query).digest();
  const palette: Palette = paletteFor(mood, hash[0]! + Math.floor(variant / 4));
  const named = iconsFor(terms, set);
  const extra = MOOD_ICONS[mood].filter((n) => set.nodes[n] && !named.includes(n));
  const icons = [...named, ...extra].slice(0, 3);
  const main = set.nodes[icons[variant % Math.min(icons.length, named.length || 1)] ?? ""] ?? [];
  const angle = 20 + (hash[3]! % 50);
  const defs =
    `<defs><linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">` +
    `<stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient></defs>`;
  const parts = [`<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>`];

  switch (variant % 4) {
    case 0: {
      // a large icon in a ring on the left, the words beside it
      parts.push(`<circle cx="300" cy="360" r="210" fill="${palette.ink}" opacity="0.08"/>`);
      parts.push(
        `<circle cx="300" cy="360" r="210" fill="none" stroke="${palette.accent}" stroke-width="6"/>`,
      );
      parts.push(icon(main, { x: 170, y: 230, size: 260, colour: palette.ink }));
      const t = fitWords(terms, 640, 104);
      const top = 360 - ((t.lines.length - 1) * t.size * 1.12) / 2 + t.size * 0.35;
      parts.push(words(t.lines, { x: 580, y: top, size: t.size, colour: palette.ink, anchor: "start" }));
      parts.push(rule(582, top + (t.lines.length - 1) * t.size * 1.12 + 40, palette.accent));
      break;
    }
    case 1: {
      // the icon centred above, the words centred under it
      parts.push(icon(main, { x: WIDTH / 2 - 120, y: 70, size: 240, colour: palette.accent }));
      const t = fitWords(terms, 1080, 112);
      parts.push(
        words(t.lines, { x: WIDTH / 2, y: 420, size: t.size, colour: palette.ink, anchor: "middle" }),
      );
      parts.push(rule(WIDTH / 2 - 60, 390 + t.lines.length * t.size * 1.12, palette.accent));
      break;
    }
    case 2: {
      // a quiet pattern of all the icons, and the words on a card in the middle
      icons.forEach((name, k) => {
        for (let row = 0; row < 4; row++)
          for (let col = 0; col < 7; col++) {
            if ((row * 7 + col) % icons.length !== k) continue;
            parts.push(
              icon(set.nodes[name]!, {
                x: 40 + col * 180 + (row % 2) * 90,
                y: 20 + row * 180,
                size: 96,
                colour: palette.ink,
                opacity: 0.14,
              }),
            );
          }
      });
      const t = fitWords(terms, 880, 100);
      const h = t.lines.length * t.size * 1.12 + 80;
      parts.push(
        `<rect x="160" y="${360 - h / 2}" width="960" height="${h}" rx="36" fill="${palette.from}" opacity="0.92"/>`,
      );
      parts.push(
        `<rect x="160" y="${360 - h / 2}" width="12" height="${h}" rx="6" fill="${palette.accent}"/>`,
      );
      parts.push(
        words(t.lines, {
          x: WIDTH / 2,
          y: 360 - h / 2 + 40 + t.size * 0.85,
          size: t.size,
          colour: palette.ink,
          anchor: "middle",
        }),
      );
      break;
    }
    default: {
      // a band of colour with the icons on the left, the words on the right
      parts.push(`<rect width="440" height="${HEIGHT}" fill="${palette.accent}" opacity="0.9"/>`);
      icons.forEach((name, k) => {
        const size = k === 0 ? 220 : 110;
        const y = k === 0 ? 120 : 400;
        const x = k === 0 ? 110 : 70 + (k - 1) * 180;
        parts.push(icon(set.nodes[name]!, { x, y, size, colour: palette.from }));
      });
      const t = fitWords(terms, 720, 100);
      const top = 360 - ((t.lines.length - 1) * t.size * 1.12) / 2 + t.size * 0.35;
      parts.push(words(t.lines, { x: 500, y: top, size: t.size, colour: palette.ink, anchor: "start" }));
      parts.push(rule(502, top + (t.lines.length - 1) * t.size * 1.12 + 40, palette.ink));
      break;
    }
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">${defs}${parts.join("")}</svg>`;
}
