// Where speech was heard is kept with the project even when the separation fails, so that the speech no
// segment covers is still marked: a real LibriVox recording over real music, recognised by pocketsphinx,
// with a separation engine that refuses as the spectral one does on a talk over continuous music.
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createPocketsphinxEngine } from "../asr/pocketsphinx.ts";
import { createLocalDiarizer } from "../diarize/local.ts";
import { EngineRegistry } from "../engines/registry.ts";
import { DubError } from "../errors.ts";
import { readSpeechActivity, untranscribedMarks } from "../separate/stems.ts";
import { tempDir } from "../testing/fixtures.ts";
import { joinSpeech, speechOverMusic } from "../testing/music.ts";
import { transcribe } from "./transcribe.ts";

const tmp = tempDir("transcribe-speech-");
afterAll(tmp.cleanup);
const LIB = "/usr/share/pocketsphinx/test/data/librivox";

describe("transcribe when the separation fails", () => {
  it("writes speech.json heard on the original, and its speech is marked once the segments are gone", async () => {
    const wav = join(tmp.dir, "speech.wav");
    joinSpeech(wav, [join(LIB, "sense_and_sensibility_01_austen_64kb-0870.wav")], 1000);
    const clip = speechOverMusic(tmp.dir, wav, { music: "frontiers.mp3", musicDb: -14 });
    const refuses = {
      ...{ id: "refuses", kind: "separation" as const, label: "refuses", local: true },
      available: async () => ({ ok: true }),
      separate: async () => {
        throw new DubError("too_little_background", "too little speech-free audio");
      },
    };
    const registry = new EngineRegistry()
      .register(createPocketsphinxEngine())
      .register(createLocalDiarizer())
      .register(refuses);
    const stemsDir = join(tmp.dir, "stems");
    const doc = await transcribe(clip.video, { registry, stemsDir });
    expect(doc.meta?.separation).toMatchObject({ id: null, reason: /too little speech-free/ });
    const heard = await readSpeechActivity(stemsDir);
    expect(heard?.heardOn).toBe("original");
    const total = (heard?.regions ?? []).reduce((a, r) => a + r.end - r.start, 0);
    expect(total).toBeGreaterThan(4000);
    // and where the voice model heard the reader (the sentence, 1 s after the start), not the music before
    const voiced = heard?.voiced ?? [];
    expect(voiced.length).toBeGreaterThan(0);
    expect(voiced[0]!.start).toBeGreaterThan(800);
    // the user deleted every segment: the speech is marked
    expect(untranscribedMarks(heard!, []).length).toBeGreaterThan(0);
  }, 300_000);
});
