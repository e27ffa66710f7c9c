import { describe, expect, it } from "vitest";
import { trueCounts } from "./true-counts.ts";

describe("trueCounts", () => {
  it("keeps the claims word for word where the server reaches them", () => {
    const text = "Translate into 20+ languages with 50+ natural voices.";
    expect(trueCounts(text, { languages: 21, voices: 64, dubbed: [] })).toBe(text);
  });

  it("says the server's own counts where it does not", () => {
    expect(trueCounts("AI video dubbing in 20+ languages", { languages: 5, voices: 64, dubbed: [] })).toBe(
      "AI video dubbing in 5 languages",
    );
    expect(trueCounts("our library of 50+ AI voices", { languages: 21, voices: 12, dubbed: [] })).toBe(
      "our library of 12 AI voices",
    );
    expect(trueCounts("50+ voices; 20+ languages", { languages: 1, voices: 1, dubbed: [] })).toBe(
      "1 voice; 1 language",
    );
  });

  it("leaves the copy as it is until the server's counts are known", () => {
    expect(trueCounts("20+ languages", null)).toBe("20+ languages");
  });
});
