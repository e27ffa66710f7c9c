import { DubError } from "@dubbing/dubbing";
import { describe, expect, it } from "vitest";
import { transcribeMessage } from "./transcribe-message.ts";

describe("transcribeMessage", () => {
  it("asks for the language when the detection's worker failed", () => {
    const crash = new DubError("engine_failed", "the recognition worker exited (code 1)\nstack");
    expect(transcribeMessage(crash, "detect")).toBe(
      'The spoken language could not be detected: the recognition worker exited (code 1). Choose the spoken language with "Change or transcribe again".',
    );
  });

  it("names a heard language this server does not serve", () => {
    const heard = new DubError("unsupported_language", "the speech is in Czech (cs), which is not served");
    expect(transcribeMessage(heard, "detect")).toMatch(/^The language was not recognised: .*Czech \(cs\)/);
  });

  it("keeps the plain messages of a video without audio or speech, and of a chosen language", () => {
    expect(transcribeMessage(new DubError("no_speech", "x"), "detect")).toBe(
      "No speech was found in this video.",
    );
    expect(transcribeMessage(new DubError("no_engine", "x"), "es")).toContain("for Spanish");
  });
});
