import { describe, expect, it } from "vitest";
import { repairTerm, repairTerms, seedTerms } from "./neural-terms.ts";

describe("glossary terms through a neural model", () => {
  const pairs = [
    { source: "河畔市场", target: "Riverside Market" },
    { source: "Acme", target: "Acme" },
  ];

  it("puts each term in its target form before translation", () => {
    expect(seedTerms(["请把河畔市场的地址发给我。", "Acme 很好"], pairs)).toEqual([
      "请把Riverside Market的地址发给我。",
      "Acme 很好",
    ]);
  });

  it("puts back a target the model spelled slightly differently, and only that", () => {
    expect(repairTerm("Please send me the address of Riveride Market.", "Riverside Market")).toBe(
      "Please send me the address of Riverside Market.",
    );
    expect(repairTerm("Send it to the harbour.", "Riverside Market")).toBe("Send it to the harbour.");
    expect(repairTerm("We met Acme today.", "Acme")).toBe("We met Acme today.");
  });

  it("repairs only the terms the line's source holds", () => {
    const out = repairTerms(["河畔市场", "没有"], ["Riveride Market", "Riveride Market"], pairs);
    expect(out).toEqual(["Riverside Market", "Riveride Market"]);
  });
});
