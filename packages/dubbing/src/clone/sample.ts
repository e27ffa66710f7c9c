// The sample a voice is cloned from: one speaker's own speech from the project, longest segments first,
// cut from the separated voice stem when the project has one (else from its original audio), up to the
// provider's maximum. Pure plan + a thin ffmpeg shell.
import { runFfmpeg } from "../media/run.ts";
import type { CloneLimits } from "./types.ts";

export interface TimedSegment {
  speaker: string;
  /** ms */
  start: number;
  end: number;
}

export type SamplePlan =
  | { ok: true; pieces: { start: number; end: number }[]; totalMs: number }
  | { ok: false; totalMs: number; neededMs: number };

/** Segments shorter than this are left out: a word or two is mostly its edges. */
const MIN_PIECE_MS = 500;

/**
 * Pure: the pieces of `speaker`'s speech to send, longest first, adding up to at most the maximum (the
 * last one shortened to fit); not ok when all of their speech is under the minimum.
 */
export function planCloneSample(segments: TimedSegment[], speaker: string, limits: CloneLimits): SamplePlan {
  const maxMs = limits.maxSeconds * 1000;
  const own = segments
    .filter((s) => s.speaker === speaker && s.end - s.start >= MIN_PIECE_MS)
    .sort((a, b) => b.end - b.start - (a.end - a.start) || a.start - b.start);
  const pieces: { start: number; end: number }[] = [];
  let totalMs = 0;
  for (const s of own) {
    if (totalMs >= maxMs) break;
    const take = Math.min(s.end - s.start, maxMs - totalMs);
    if (take < MIN_PIECE_MS) break;
    pieces.push({ start: s.start, end: s.start + take });
    totalMs += take;
  }
  const neededMs = limits.minSeconds * 1000;
  return totalMs < neededMs ? { ok: false, totalMs, neededMs } : { ok: true, pieces, totalMs };
}

/** Pure: ffmpeg arguments that cut `pieces` from `input`'s audio and join them into one mono MP3. */
export function cloneSampleArgs(
  input: string,
  pieces: { start: number; end: number }[],
  out: string,
): string[] {
  const s = (ms: number) => (ms / 1000).toFixed(3);
  const cuts = pieces.map(
    (p, i) => `[0:a:0]atrim=start=${s(p.start)}:end=${s(p.end)},asetpts=PTS-STARTPTS[p${i}]`,
  );
  const joined = `${pieces.map((_, i) => `[p${i}]`).join("")}concat=n=${pieces.length}:v=0:a=1,aformat=channel_layouts=mono[out]`;
  return [
    ...["-i", input, "-filter_complex", [...cuts, joined].join(";")],
    ...["-map", "[out]", "-c:a", "libmp3lame", "-b:a", "128k", out],
  ];
}

/** Writes the sample of a plan to `out` (MP3). Throws MediaError as runFfmpeg does. */
export async function extractCloneSample(
  input: string,
  plan: Extract<SamplePlan, { ok: true }>,
  out: string,
  signal?: AbortSignal,
): Promise<void> {
  await runFfmpeg(cloneSampleArgs(input, plan.pieces, out), {
    durationMs: plan.totalMs,
    ...(signal ? { signal } : {}),
  });
}
