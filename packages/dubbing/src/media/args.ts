// Pure builders of ffmpeg argument lists. runFfmpeg() adds the global flags (-hide_banner -nostdin -y
// -progress) and keeps every input to local files; these only describe inputs, filters, codecs and the
// output. A user's file comes as a MediaInput: its demuxer is forced and nothing past its measured end is read.

import { inputArgs, type MediaInput, measuredArgs, seconds } from "./input.ts";

/** One JPEG frame at `atSeconds` (fast input seek), scaled down to at most 1280 px wide, even height. */
export function posterArgs(input: string | MediaInput, output: string, atSeconds: number): string[] {
  return [
    "-ss",
    seconds(atSeconds),
    ...inputArgs(input),
    "-map",
    "0:v:0",
    "-frames:v",
    "1",
    "-vf",
    "scale='min(1280,iw)':-2",
    "-q:v",
    "3",
    "-f",
    "image2",
    "-update",
    "1",
    output,
  ];
}

/** 480 px wide at most, never wider than the source; both sides even (yuv420p). */
const PREVIEW_SCALE = "scale='min(480,trunc(iw/2)*2)':-2";

/**
 * A small muted H.264 MP4 for a project card: at most 480 px wide (a smaller source is not scaled up: that
 * only cost time and bytes), the first 8 s at most, faststart. x264's "veryfast": on a card at CRF 28
 * nobody tells it from "fast", and each upload's preview takes 26–69 % less CPU (bench/pipeline/preview.ts).
 */
export function previewArgs(input: string | MediaInput, output: string): string[] {
  return [
    ...inputArgs(input),
    "-map",
    "0:v:0",
    "-t",
    "8",
    "-an",
    "-sn",
    "-dn",
    "-vf",
    PREVIEW_SCALE,
    "-c:v",
    "libx264",
    "-preset",
    "veryfast",
    "-crf",
    "28",
    "-pix_fmt",
    "yuv420p",
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    output,
  ];
}

/** The first audio stream as 16 kHz mono signed 16-bit PCM WAV (what the ASR engines read). */
export function extractAudioArgs(input: string | MediaInput, output: string): string[] {
  return [
    ...inputArgs(input),
    "-map",
    "0:a:0",
    "-vn",
    "-sn",
    "-dn",
    "-ac",
    "1",
    "-ar",
    "16000",
    "-c:a",
    "pcm_s16le",
    ...measuredArgs(input),
    "-f",
    "wav",
    output,
  ];
}

/** Time-stretches a mono WAV clip by `tempo` (atempo keeps the pitch), same sample rate, WAV out. */
export function atempoArgs(input: string, output: string, tempo: number): string[] {
  if (!(tempo >= 0.5 && tempo <= 100)) throw new RangeError(`atempo factor out of range: ${tempo}`);
  return ["-i", input, "-af", `atempo=${tempo.toFixed(4)}`, "-c:a", "pcm_s16le", "-f", "wav", output];
}

/**
 * Time-stretches many clips in one ffmpeg run (one process start instead of one per clip): input k goes
 * through its own atempo filter to output k, so each output is what atempoArgs would make of it.
 */
export function atempoManyArgs(jobs: { input: string; output: string; tempo: number }[]): string[] {
  for (const j of jobs)
    if (!(j.tempo >= 0.5 && j.tempo <= 100)) throw new RangeError(`atempo factor out of range: ${j.tempo}`);
  return [
    ...jobs.flatMap((j) => ["-i", j.input]),
    "-filter_complex",
    jobs.map((j, k) => `[${k}:a]atempo=${j.tempo.toFixed(4)}[s${k}]`).join(";"),
    ...jobs.flatMap((j, k) => ["-map", `[s${k}]`, "-c:a", "pcm_s16le", "-f", "wav", j.output]),
  ];
}

/** The first audio stream as raw interleaved float32 PCM at `sampleRate` with `channels` channels. */
export function decodeAudioArgs(
  input: string,
  output: string,
  sampleRate: number,
  channels: number,
): string[] {
  return [
    "-i",
    input,
    "-map",
    "0:a:0",
    "-vn",
    "-sn",
    "-dn",
    "-ac",
    String(channels),
    "-ar",
    String(sampleRate),
    "-c:a",
    "pcm_f32le",
    "-f",
    "f32le",
    output,
  ];
}

/** AAC bit rate: 96 kb/s per channel (speech and a ducked background sound clean at this rate). */
function aacBitrateK(channels: number): number {
  return 96 * Math.max(1, channels);
}

/**
 * Raw interleaved float32 PCM on stdin → AAC-LC in ADTS. ffmpeg's "fast" coder: the default "twoloop"
 * overshot the true peak of limited TTS speech by up to 3.7 dB in our tests and is ~2× slower. Stereo
 * is coded left/right: the mid/side search doubled the encode time for no audible gain at 96 kb/s per
 * channel.
 */
export function aacEncodeArgs(sampleRate: number, channels: number, output: string): string[] {
  return [
    "-f",
    "f32le",
    "-ar",
    String(sampleRate),
    "-ac",
    String(channels),
    "-i",
    "pipe:0",
    "-c:a",
    "aac",
    "-aac_coder",
    "fast",
    ...(channels > 1 ? ["-aac_ms", "0"] : []),
    "-b:a",
    `${aacBitrateK(channels)}k`,
    "-f",
    "adts",
    output,
  ];
}

/**
 * The dubbed MP4: an ADTS AAC stream (`audio`) and the first video stream of `video`, both COPIED
 * (never re-encoded), metadata of the original kept, faststart. The AAC stream starts with the
 * encoder's priming samples (`delaySamples`); a negative input offset makes the MP4 muxer write them as
 * an edit list, so players skip them and the audio lines up with the video to the sample.
 */
export function muxArgs(
  audio: { file: string; sampleRate: number; delaySamples: number },
  video: string,
  output: string,
  /** The audio track's ISO 639-2 language tag (track-language.ts); without it the track is "und". */
  language?: string,
): string[] {
  return [
    "-itsoffset",
    `-${(audio.delaySamples / audio.sampleRate).toFixed(6)}`,
    "-f",
    "aac",
    "-i",
    audio.file,
    "-i",
    video,
    "-map",
    "1:v:0",
    "-map",
    "0:a:0",
    "-c",
    "copy",
    "-map_metadata",
    "1",
    ...(language ? ["-metadata:s:a:0", `language=${language}`] : []),
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    output,
  ];
}

/** Video codecs (ffprobe codec_name) that ffmpeg's MP4 muxer accepts as they are, i.e. that can be copied. */
export const MP4_VIDEO_CODECS: ReadonlySet<string> = new Set([
  "h264",
  "hevc",
  "av1",
  "vp9",
  "mpeg4",
  "mpeg2video",
  "mpeg1video",
  "mjpeg",
  "vc1",
]);

/** Whether a video stream can be copied bit for bit into an MP4 (VP8, Theora and WMV cannot). */
export function mp4CanCopyVideo(codec: string): boolean {
  return MP4_VIDEO_CODECS.has(codec);
}

/** H.264 as fast as it stays sharp, in the pixel format every player reads: for videos encoded again. */
const H264_SHARP = ["-c:v", "libx264", "-preset", "veryfast", "-crf", "20", "-pix_fmt", "yuv420p"];

/**
 * For ingest, when a video cannot be copied into MP4 (WebM VP8, OGG Theora, WMV): one H.264 + AAC MP4,
 * faststart, that the dub then copies. Its first audio stream is kept when there is one.
 */
export function normalizeVideoArgs(input: string | MediaInput, output: string): string[] {
  return [
    ...inputArgs(input),
    "-map",
    "0:v:0",
    "-map",
    "0:a:0?",
    ...H264_SHARP,
    "-c:a",
    "aac",
    "-b:a",
    "160k",
    ...measuredArgs(input),
    "-movflags",
    "+faststart",
    "-f",
    "mp4",
    output,
  ];
}

/**
 * Escapes a path for a filter option value (`subtitles=filename=…`): ffmpeg parses it twice, as an option
 * of the filter and as part of the filter graph, so `\`, `'`, `:` and `,` are escaped for both.
 */
export function filterPath(path: string): string {
  const option = path.replace(/\\/g, "\\\\").replace(/'/g, "\\'").replace(/:/g, "\\:");
  return option
    .replace(/\\/g, "\\\\")
    .replace(/'/g, "\\'")
    .replace(/[,;[\]]/g, (c) => `\\${c}`);
}

/**
 * The dubbed video with its subtitles drawn in (libass: right-to-left text shaped and ordered, other
 * scripts from fontconfig's fallback fonts), the audio copied; the video is H.264 again (H264_SHARP).
 * `subtitles` is an ASS file from toAss, whose typed text is escaped for libass.
 */
export function burnSubtitlesArgs(input: string, subtitles: string, output: string): string[] {
  return [
    "-i",
    input,
    "-map",
    "0:v:0",
    "-map",
    "0:a?",
    "-vf",
    `subtitles=filename=${filterPath(subtitles)}:force_style='FontName=Sans,Outline=2,Shadow=0,MarginV=24'`,
    ...H264_SHARP,
    "-c:a",
    "copy",
    "-movflags",
    "+faststart",
    output,
  ];
}

/** The dub's audio alone, copied from its MP4 into an M4A (no re-encoding). */
export function audioOnlyArgs(input: string, output: string): string[] {
  return ["-i", input, "-map", "0:a:0", "-vn", "-c:a", "copy", "-movflags", "+faststart", output];
}

/** Audio decoded to 16-bit PCM WAV on stdout (a download made while it streams). */
export function wavStreamArgs(input: string): string[] {
  return ["-i", input, "-map", "0:a:0", "-vn", "-c:a", "pcm_s16le", "-f", "wav", "pipe:1"];
}
