import type { Speaker } from "@dubbing/contract";

export type { Speaker };

/** The first voice no other speaker uses, or the first voice when all are taken (PRODUCT.md § Behaviour). */
export function nextUnusedVoice(speakers: readonly Speaker[], voices: readonly { value: string }[]): string {
  const used = new Set(speakers.map((s) => s.selectedVoice));
  return (voices.find((v) => !used.has(v.value)) ?? voices[0])?.value ?? "";
}

/** 'Add Speaker' appends 'Speaker {n+1}' with a fresh id and the next unused voice. */
export function newSpeaker(speakers: readonly Speaker[], voices: readonly { value: string }[]): Speaker {
  const ids = new Set(speakers.map((s) => s.id));
  let n = speakers.length + 1;
  while (ids.has(`speaker-${n}`)) n++;
  return {
    id: `speaker-${n}`,
    name: `Speaker ${speakers.length + 1}`,
    selectedVoice: nextUnusedVoice(speakers, voices),
  };
}
