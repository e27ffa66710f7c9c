import { describe, expect, it } from "vitest";
import type { LocalVoice } from "../engines/types.ts";
import { createEspeakEngine } from "../tts/espeak.ts";
import { picoVoices } from "../tts/pico.ts";
import { localVoicesFor } from "./catalog.ts";
import { reachFirst, registerVoice, untakenFirst, voiceKey } from "./register.ts";

const voice = (id: string, pitchHz?: number): LocalVoice => ({
  engine: "e",
  id,
  language: "es",
  gender: "Male",
  label: id,
  ...(pitchHz ? { pitchHz } : {}),
});
const high = voice("high", 130);
const low = voice("low", 100);
const deep = voice("deep", 80);
const own = [high, low, deep];
const taken = (...v: LocalVoice[]) => new Set(v.map(voiceKey));

describe("registerVoice", () => {
  it("gives a speaker the voice nearest their pitch, whatever the catalogue voice's position", () => {
    expect(registerVoice(own, high, { pitchHz: 75 })).toBe(deep);
    expect(registerVoice(own, deep, { pitchHz: 104 })).toBe(low);
    expect(registerVoice(own, deep, { pitchHz: 160 })).toBe(high);
  });
  it("never the voice another speaker has while another is free, else the nearest", () => {
    expect(registerVoice(own, high, { pitchHz: 75, taken: taken(deep) })).toBe(low);
    expect(registerVoice(own, high, { pitchHz: 75, taken: taken(deep, low, high) })).toBe(deep);
  });
  it("without a pitch: the catalogue voice's own, or the next one nobody has", () => {
    expect(registerVoice(own, low)).toBe(low);
    expect(registerVoice(own, low, { taken: taken(low) })).toBe(deep);
    expect(registerVoice(own, deep, { taken: taken(deep) })).toBe(high);
    // no voice's pitch known: the pitch does not decide
    const plain = [voice("a"), voice("b")];
    expect(registerVoice(plain, plain[1], { pitchHz: 75 })).toBe(plain[1]);
    expect(registerVoice([], undefined, { pitchHz: 75 })).toBeUndefined();
  });
  it("moves the first free voice of a clear engine before a taken first one, never a formant one", () => {
    const clear = (v: LocalVoice) => v !== low;
    expect(untakenFirst(own, taken(high), clear)).toEqual([deep, high, low]);
    expect(untakenFirst(own, taken(low), clear)).toEqual(own);
    expect(untakenFirst(own, undefined, clear)).toEqual(own);
    expect(untakenFirst(own, taken(high, deep), clear)).toEqual(own);
  });
});

describe("two speakers of one gender", () => {
  const JOE: LocalVoice = {
    engine: "piper",
    id: "en_US-joe-medium",
    language: "en",
    gender: "Male",
    label: "joe",
  };
  const available = [JOE, ...picoVoices("en")];
  const ANDREW = "en-US-AndrewMultilingualNeural";
  it("get two different voices where the language has them (the second man Pico's, not joe again)", () => {
    const first = localVoicesFor(ANDREW, "en", available)[0]!;
    expect(first.id).toBe("en_US-joe-medium");
    const second = localVoicesFor(ANDREW, "en", available, { taken: taken(first) });
    expect(second[0]?.engine).toBe("pico");
    expect(second[1]).toBe(JOE);
  });
  it("share Pico's one Spanish woman rather than give the second woman espeak-ng's", () => {
    const es = [...picoVoices("es"), ...createEspeakEngine().voices("es")];
    const ava = "en-US-AvaMultilingualNeural";
    const first = localVoicesFor(ava, "es", es)[0]!;
    expect(first.id).toBe("es-ES");
    expect(localVoicesFor(ava, "es", es, { taken: taken(first) })[0]).toEqual(first);
  });
});

describe("a deep man", () => {
  const es = [...picoVoices("es"), ...createEspeakEngine().voices("es")];
  const tristan = "es-ES-TristanMultilingualNeural";
  it("speaks with a voice that reaches his pitch itself when Pico's would come down more than 4.5 st", () => {
    // Pico's lowered es-ES voice is at 148 Hz: 130 Hz is 2.2 st below, 75 Hz 11.8
    expect(localVoicesFor(tristan, "es", es, { pitchHz: 130 })[0]?.id).toBe("es-ES+male");
    const deep = localVoicesFor(tristan, "es", es, { pitchHz: 75 });
    expect(deep[0]?.engine).toBe("espeak-ng");
    expect(deep[1]?.id).toBe("es-ES+male");
    // without a pitch to follow, or with none who sets it, nothing moves
    expect(localVoicesFor(tristan, "es", es)[0]?.id).toBe("es-ES+male");
    const pico = picoVoices("es");
    expect(reachFirst(pico, 75, (v) => v.engine === "espeak-ng")).toEqual(pico);
  });
});
