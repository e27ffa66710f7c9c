// "Untranscribed speech 0:47–1:01 — add a line": where the separated voice has speech that no
// segment covers, from the server (found at transcription), less what the unsaved draft already covers.
import type { UntranscribedSpeech as UntranscribedSpeechAnswer } from "@dubbing/contract";
import { useQuery } from "@tanstack/react-query";
import { apiFetch } from "../../../api/client.ts";
import type { Segment } from "./segments.ts";
import { formatClock } from "./time.ts";

type Stretch = UntranscribedSpeechAnswer["stretches"][number];

/** Pure: the stretches no draft segment covers for at least half of their length. */
export function uncovered(stretches: Stretch[], transcript: { start: number; end: number }[]): Stretch[] {
  return stretches.filter((r) => {
    const covered = transcript.reduce(
      (a, s) => a + Math.max(0, Math.min(r.end, s.end) - Math.max(r.start, s.start)),
      0,
    );
    return covered < (r.end - r.start) / 2;
  });
}

export function UntranscribedSpeech({
  projectId,
  savedCount,
  transcript,
  onAddLine,
  onSeek,
}: {
  projectId: string;
  /** Segments saved: the marks are asked again after each save. */
  savedCount: number;
  transcript: Segment[];
  onAddLine: (stretch: Stretch) => void;
  onSeek: (ms: number) => void;
}) {
  const marks = useQuery({
    queryKey: ["untranscribed-speech", projectId, savedCount],
    queryFn: () =>
      apiFetch<UntranscribedSpeechAnswer>(`/api/video/${encodeURIComponent(projectId)}/untranscribed-speech`),
  });
  const left = uncovered(marks.data?.stretches ?? [], transcript);
  if (left.length === 0) return null;
  return (
    <ul
      aria-label="Untranscribed speech"
      className="space-y-1 rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
    >
      {left.map((r) => (
        <li key={`${r.start}-${r.end}`} className="flex flex-wrap items-center gap-2">
          <button type="button" className="underline" onClick={() => onSeek(r.start)}>
            Untranscribed speech {formatClock(r.start)}–{formatClock(r.end)}
          </button>
          <span aria-hidden="true">—</span>
          <button
            type="button"
            className="font-medium text-indigo-700 underline"
            onClick={() => onAddLine(r)}
          >
            add a line
          </button>
        </li>
      ))}
    </ul>
  );
}
