import type { Segment, Speaker } from "../../../api/types.ts";
import { SegmentList } from "./SegmentRow.tsx";
import { speakerName } from "./segments.ts";
import { formatTime } from "./time.ts";

/** The transcript as a role that may not change it reads it: each line's speaker, times and text. */
export function ReadOnlyTranscript({
  transcript,
  speakers,
  activeIndex,
  onSeek,
}: {
  transcript: Segment[];
  speakers: Speaker[];
  activeIndex: number;
  onSeek: (ms: number) => void;
}) {
  if (transcript.length === 0)
    return (
      <p className="rounded-xl bg-white p-8 text-center text-sm text-slate-500 ring-1 ring-slate-200">
        This video has no transcript yet.
      </p>
    );
  return (
    <SegmentList
      label="Transcript"
      segments={transcript}
      activeIndex={activeIndex}
      testId="segment"
      headerClassName="text-xs text-slate-500"
      onSeek={onSeek}
      view={(seg) => ({
        header: (
          <>
            <span className="font-medium text-slate-700">{speakerName(speakers, seg.speaker)}</span>
            <span>
              {formatTime(seg.start)} – {formatTime(seg.end)}
            </span>
          </>
        ),
        body: (
          <p className="mt-2 text-sm text-slate-900" data-testid="transcript-text">
            {seg.text}
          </p>
        ),
      })}
    />
  );
}
