import type { Segment } from "../../../api/types.ts";

/**
 * How fast a translated line will be spoken if dubbed as it is now, from the last dub: the speed that
 * dub needed, scaled by how much longer the text became and how much shorter its slot. Null without a
 * dub to go by (or for an empty line).
 */
export function projectedSpeed(
  dubbed: { speed: number; text: string; start: number; end: number } | undefined,
  now: Pick<Segment, "text" | "start" | "end">,
): number | null {
  const before = dubbed?.text.trim().length ?? 0;
  const after = now.text.trim().length;
  if (!dubbed || before === 0 || after === 0 || now.end <= now.start) return null;
  const slotBefore = Math.max(1, dubbed.end - dubbed.start);
  return dubbed.speed * (after / before) * (slotBefore / (now.end - now.start));
}

/** Above this a line sounds hurried: the editor offers to borrow the silence around it. */
export const HURRIED_SPEED = 1.3;

/**
 * The line's slot widened into the silence around it (after it first, then before it), just enough to
 * bring `speed` down to 1 where the silence allows. Null when there is no silence to borrow.
 */
export function borrowSilence(
  segments: Pick<Segment, "start" | "end">[],
  index: number,
  speed: number,
  durationMs: number,
): { start: number; end: number } | null {
  const seg = segments[index];
  if (!seg) return null;
  const slot = seg.end - seg.start;
  let need = Math.ceil(slot * speed - slot);
  const after = Math.max(0, (segments[index + 1]?.start ?? durationMs) - seg.end);
  const before = Math.max(0, seg.start - (segments[index - 1]?.end ?? 0));
  if (need <= 0 || after + before === 0) return null;
  const later = Math.min(after, need);
  need -= later;
  const earlier = Math.min(before, need);
  return { start: seg.start - earlier, end: seg.end + later };
}
