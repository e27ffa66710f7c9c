// How a cloned voice is named where a speaker's voice is (`selectedVoice`): "cloned:<engine>:<voice id>".
// A catalogue voice has no colon and "engine:id" names an engine's own listed voice, so the three forms
// never collide; a cloned voice is never mapped to another engine (resolveVoice refuses instead).

const CLONED = /^cloned:([a-z0-9.-]+):([A-Za-z0-9_-]{1,64})$/;

/** Pure: the selectedVoice value of a cloned voice. */
export function clonedVoiceValue(engine: string, voiceId: string): string {
  const value = `cloned:${engine}:${voiceId}`;
  if (!CLONED.test(value)) throw new Error(`not a cloned voice id: ${voiceId}`);
  return value;
}

/** Pure: the engine and provider voice id of a cloned voice's value, or null for any other voice. */
export function parseClonedVoice(value: string): { engine: string; voiceId: string } | null {
  const m = CLONED.exec(value.trim());
  return m ? { engine: m[1]!, voiceId: m[2]! } : null;
}
