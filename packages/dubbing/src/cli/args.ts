// Pure: the `dub` command line → a command object, or a usage error / help text.
import { parseArgs } from "node:util";
import type { BackgroundMode } from "../pipeline/dub/types.ts";

export type Command =
  | { kind: "help"; text: string }
  | { kind: "transcribe"; video: string; output: string; language: string; speakers?: number }
  | { kind: "translate"; input: string; to: string; output: string }
  | {
      kind: "render";
      video: string;
      input: string;
      output: string;
      workDir?: string;
      background: BackgroundMode;
      card: CardMode;
    }
  | {
      kind: "run";
      video: string;
      to: string;
      output: string;
      language: string;
      workDir?: string;
      background: BackgroundMode;
      card: CardMode;
      speakers?: number;
    }
  | { kind: "engines" }
  | { kind: "models"; action: "list" | "install" | "remove"; ids: string[]; dir?: string }
  | { kind: "voices" };

/**
 * The report card a render makes: "full", every check, the lines heard back by speech recognition once
 * the video is written; "quick", every check but the hearing (the card says each line was not heard).
 */
export type CardMode = "full" | "quick";

/** Why a quick card's lines were not heard back (each line's intelligibility finding says it). */
export const QUICK_CARD = "Not heard back: the render was asked for the quick card (--card quick).";

/** A wrong command line; the CLI prints the message and the command's usage, exit code 2. */
export class UsageError extends Error {
  usage: string;
  constructor(message: string, usage: string) {
    super(message);
    this.name = "UsageError";
    this.usage = usage;
  }
}

export const USAGE = new Map(
  Object.entries({
    main: `Usage: dub <command> [options]

Dub a video into another language, offline.

Commands:
  transcribe VIDEO -o transcript.json      speech → transcript with speakers (JSON)
  translate TRANSCRIPT --to LANG -o out.json   translate a transcript
  render VIDEO TRANSCRIPT -o out.mp4       dub a (translated) transcript into the video
  run VIDEO --to LANG -o out.mp4           all three
  engines                                  which engines serve which language here
  models list | install ID… | remove ID…   speech recognition models: installed, available, install
  voices                                   the voice catalogue

Run "dub <command> --help" for the options of a command.

Exit codes: 0 done, 1 an engine or ffmpeg failed, 2 wrong command line, 3 bad input (missing file,
not a video, no audio, no speech, bad transcript), 4 no engine for that language, 130 interrupted.`,
    transcribe: `Usage: dub transcribe VIDEO -o transcript.json [--language en] [--speakers N]

Writes {language, speakers: [{id, name, selectedVoice}], transcript: [{speaker, text, start, end}]}
(times in ms). Progress goes to stderr. The voice and background stems it separates are kept beside the
output (transcript.stems/, named in "meta"), and "dub render" of the same video reuses them.

Options:
  -o, --output FILE     where to write the transcript (required)
  -l, --language CODE   language spoken in the video (default en), or detect (needs a multilingual model)
      --speakers N      the exact number of speakers, when known`,
    translate: `Usage: dub translate TRANSCRIPT --to LANG -o out.json

Translates every segment, keeping times and speakers; records the engine and route in "meta".

Options:
  -t, --to CODE         target language (one of the app's 21 codes)
  -o, --output FILE     where to write the translated transcript (required)`,
    render: `Usage: dub render VIDEO TRANSCRIPT -o out.mp4 [--work-dir DIR] [--background keep|duck|remove]
       [--card full|quick]

Dubs TRANSCRIPT (usually translated) into VIDEO: writes out.mp4 (video stream copied), out.srt and
out.vtt first ("video written" on stderr), then checks every line for the report card and writes
out.report.json. With --work-dir, clips are cached there and a second render re-synthesizes only the segments
that changed (and hears back only those).

Options:
  -o, --output FILE     the dubbed MP4 (required)
  -w, --work-dir DIR    keep clips and intermediate files here
  -b, --background M    keep (default: the music and effects separated from the original voice and
                        kept at full level), duck (the whole original lowered under the dub) or remove
  -c, --card MODE       full (default): every check of the report card, each line also heard back by
                        speech recognition (about an eighth of the video's length on two cores);
                        quick: every check but hearing the lines back, the card says so on each line`,
    run: `Usage: dub run VIDEO --to LANG -o out.mp4 [--language en] [--work-dir DIR] [--background keep|duck|remove]
       [--card full|quick]

transcribe + translate + render. The transcripts are written next to the output
(out.transcript.json, out.<lang>.json).

Options:
  -t, --to CODE         target language
  -o, --output FILE     the dubbed MP4 (required)
  -l, --language CODE   language spoken in the video (default en), or detect (needs a multilingual model)
  -w, --work-dir DIR    keep clips and intermediate files here
  -b, --background M    keep (default), duck or remove
  -c, --card MODE       full (default) or quick: as in "dub render --help"
      --speakers N      the exact number of speakers, when known`,
    engines:
      "Usage: dub engines\n\nLists, per app language, the ASR, MT and TTS engines that can serve it on this machine.",
    models: `Usage: dub models list | install [ID…] | remove ID… [--dir DIR]

The speech recognition models of the catalogue (docs/ENGINES.md): list shows each with its languages,
size, licence, whether its checksums match the official ones, and whether it is installed; install
downloads (resuming an interrupted download), checks every file's SHA-256 and installs (without ID: the
default set); remove deletes.

Options:
  -d, --dir DIR         the models' folder (default MODELS_DIR, else DATA_DIR/models, else data/models)`,
    voices: "Usage: dub voices\n\nLists the 47 catalogue voices (value, name, gender).",
  }),
);

function positiveInt(v: string | undefined, usage: string): number | undefined {
  if (v === undefined) return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1)
    throw new UsageError(`--speakers must be a positive whole number, not "${v}"`, usage);
  return n;
}

function background(v: string | undefined, usage: string): BackgroundMode {
  if (v === undefined) return "keep";
  if (v === "keep" || v === "duck" || v === "remove") return v;
  throw new UsageError(`--background must be keep, duck or remove, not "${v}"`, usage);
}

function card(v: string | undefined, usage: string): CardMode {
  if (v === undefined) return "full";
  if (v === "full" || v === "quick") return v;
  throw new UsageError(`--card must be full or quick, not "${v}"`, usage);
}

/** Parses argv (without node and the script). Throws UsageError. */
export function parseCommand(argv: string[]): Command {
  const [name, ...rest] = argv;
  if (!name || name === "-h" || name === "--help" || name === "help")
    return { kind: "help", text: USAGE.get("main")! };
  const usage = USAGE.get(name);
  if (!usage || name === "main") throw new UsageError(`unknown command "${name}"`, USAGE.get("main")!);
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      allowPositionals: true,
      strict: true,
      options: {
        help: { type: "boolean", short: "h" },
        output: { type: "string", short: "o" },
        to: { type: "string", short: "t" },
        language: { type: "string", short: "l" },
        speakers: { type: "string" },
        "work-dir": { type: "string", short: "w" },
        background: { type: "string", short: "b" },
        card: { type: "string", short: "c" },
        dir: { type: "string", short: "d" },
      },
    });
  } catch (err) {
    throw new UsageError((err as Error).message, usage);
  }
  const v = parsed.values as Record<string, string | boolean | undefined>;
  const pos = parsed.positionals;
  if (v.help) return { kind: "help", text: usage };
  const str = (k: string) => (typeof v[k] === "string" ? (v[k] as string) : undefined);
  const need = (k: string, what: string) => {
    const s = str(k);
    if (!s) throw new UsageError(`missing ${what}`, usage);
    return s;
  };
  const args = (n: number, what: string) => {
    if (pos.length < n) throw new UsageError(`missing ${what}`, usage);
    if (pos.length > n) throw new UsageError(`unexpected argument "${pos[n]}"`, usage);
    return pos;
  };
  switch (name) {
    case "transcribe": {
      const [video] = args(1, "VIDEO");
      return {
        kind: "transcribe",
        video: video!,
        output: need("output", "-o FILE"),
        language: str("language") ?? "en",
        speakers: positiveInt(str("speakers"), usage),
      };
    }
    case "translate": {
      const [input] = args(1, "TRANSCRIPT");
      return {
        kind: "translate",
        input: input!,
        to: need("to", "--to LANG"),
        output: need("output", "-o FILE"),
      };
    }
    case "render": {
      const [video, input] = args(2, "VIDEO and TRANSCRIPT");
      return {
        kind: "render",
        video: video!,
        input: input!,
        output: need("output", "-o FILE"),
        workDir: str("work-dir"),
        background: background(str("background"), usage),
        card: card(str("card"), usage),
      };
    }
    case "run": {
      const [video] = args(1, "VIDEO");
      return {
        kind: "run",
        video: video!,
        to: need("to", "--to LANG"),
        output: need("output", "-o FILE"),
        language: str("language") ?? "en",
        workDir: str("work-dir"),
        background: background(str("background"), usage),
        card: card(str("card"), usage),
        speakers: positiveInt(str("speakers"), usage),
      };
    }
    case "engines":
      args(0, "");
      return { kind: "engines" };
    case "models": {
      const [action, ...ids] = pos;
      if (action !== "list" && action !== "install" && action !== "remove")
        throw new UsageError(`models: list, install or remove, not "${action ?? ""}"`, usage);
      if (action === "list" && ids.length) throw new UsageError(`unexpected argument "${ids[0]}"`, usage);
      if (action === "remove" && !ids.length) throw new UsageError("missing ID", usage);
      return { kind: "models", action, ids, dir: str("dir") };
    }
    default:
      args(0, "");
      return { kind: "voices" };
  }
}

/** Pure: the exit code for an error code (see USAGE.main). */
export function exitCodeFor(code: string | undefined): number {
  switch (code) {
    case "not_found":
    case "not_media":
    case "no_video_stream":
    case "no_audio":
    case "no_speech":
    case "invalid_document":
    case "invalid_segment":
    case "unsupported_video":
      return 3;
    case "no_engine":
    case "unsupported_language":
      return 4;
    case "aborted":
      return 130;
    default:
      return 1;
  }
}
