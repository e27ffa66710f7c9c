import { describe, expect, it } from "vitest";
import { controlFile, POCKETSPHINX_SETTINGS, parseCtm, pocketsphinxArgs } from "./pocketsphinx.ts";

describe("controlFile", () => {
  it("lists utterances in 10 ms frames", () => {
    expect(controlFile("audio", [{ start: 505, end: 2999, id: "u0" }])).toBe("audio 50 300 u0\n");
  });
});

describe("parseCtm", () => {
  it("places words at absolute times and drops non-words", () => {
    const ctm = [
      "u0 1 0.25 0.18 good 0.845",
      "u0 1 0.44 0.38 <sil> 1.000",
      "u0 1 0.83 0.14 to(2) 0.851",
      "u1 1 0.10 0.20 [NOISE] 0.5",
      "u1 1 0.30 0.20 ++BREATH++ 0.5",
      "u1 1 0.50 0.40 today",
      "garbage",
      "u9 1 0.1 0.1 unknown 1",
    ].join("\n");
    const words = parseCtm(
      ctm,
      new Map([
        ["u0", 1000],
        ["u1", 5000],
      ]),
    );
    expect(words).toEqual([
      { text: "good", start: 1250, end: 1430, confidence: 0.845 },
      { text: "to", start: 1830, end: 1970, confidence: 0.851 },
      { text: "today", start: 5500, end: 5900 },
    ]);
  });
});

describe("pocketsphinxArgs", () => {
  it("decodes raw audio with the tuned settings and writes CTM", () => {
    const a = pocketsphinxArgs("/w", { ctl: "/w/p.ctl", ctm: "/w/p.ctm" });
    expect(a.slice(0, 10)).toEqual([
      "-adcin",
      "yes",
      "-cepdir",
      "/w",
      "-cepext",
      ".raw",
      "-ctl",
      "/w/p.ctl",
      "-ctm",
      "/w/p.ctm",
    ]);
    for (const [k, v] of Object.entries(POCKETSPHINX_SETTINGS)) expect(a[a.indexOf(k) + 1]).toBe(v);
  });
});
