import { speakerColor } from "../speakers/speaker-colors.ts";
import type { Speaker } from "../speakers/speakers.ts";
import { SegmentList } from "./SegmentRow.tsx";
import { useEditorKeys, useSegmentEditing } from "./segment-editing.tsx";
import type { Segment } from "./segments.ts";
import type { SpeechRegion } from "./structure.ts";
import { TimeField } from "./TimeField.tsx";

/** The original transcript: speaker, text, start and end per segment; add, split, merge, delete, undo. */
export function TranscriptEditor({
  transcript,
  speakers,
  activeIndex,
  durationMs,
  playerMs,
  onChange,
  onReplace,
  onUndo,
  onRedo,
  onSeek,
  speech,
}: {
  transcript: Segment[];
  speakers: Speaker[];
  activeIndex: number;
  durationMs: number;
  playerMs: number;
  onChange: (index: number, change: Partial<Segment>) => void;
  /** A structural edit: the whole new transcript. */
  onReplace: (transcript: Segment[]) => void;
  onUndo: () => void;
  onRedo: () => void;
  onSeek: (ms: number) => void;
  /** Where the audio has speech: new lines are placed there. */
  speech?: readonly SpeechRegion[];
}) {
  const editing = useSegmentEditing({
    segments: transcript,
    onChange: onReplace,
    idPrefix: "segment-text",
    durationMs,
    playerMs,
    defaultSpeaker: speakers[0]?.id ?? "s1",
    speech,
  });
  useEditorKeys({ undo: onUndo, redo: onRedo, help: () => editing.setHelp(true) });
  if (transcript.length === 0)
    return (
      <div className="rounded-xl bg-white p-8 text-center text-sm text-slate-500 ring-1 ring-slate-200">
        <p>
          The transcript is empty. Type it in: add a segment, then press Enter at the end of a line for the
          next.
        </p>
        <div className="mt-4 flex justify-center">{editing.toolbar}</div>
        {editing.dialogs}
      </div>
    );
  return (
    <div className="space-y-3">
      {editing.toolbar}
      <SegmentListView
        transcript={transcript}
        speakers={speakers}
        activeIndex={activeIndex}
        editing={editing}
        onChange={onChange}
        onSeek={onSeek}
      />
      {editing.dialogs}
    </div>
  );
}

function SegmentListView({
  transcript,
  speakers,
  activeIndex,
  editing,
  onChange,
  onSeek,
}: {
  transcript: Segment[];
  speakers: Speaker[];
  activeIndex: number;
  editing: ReturnType<typeof useSegmentEditing>;
  onChange: (index: number, change: Partial<Segment>) => void;
  onSeek: (ms: number) => void;
}) {
  return (
    <SegmentList
      label="Transcript"
      segments={transcript}
      activeIndex={activeIndex}
      testId="segment"
      onSeek={onSeek}
      view={(seg, i) => {
        const n = i + 1;
        return {
          header: (
            <>
              <span
                aria-hidden="true"
                className={`size-2.5 rounded-full ${speakerColor(speakers, seg.speaker).dot}`}
              />
              <select
                aria-label={`Speaker of segment ${n}`}
                value={seg.speaker}
                onChange={(e) => onChange(i, { speaker: e.target.value })}
                className="rounded-md border-0 bg-white py-1 pr-7 pl-2 text-xs font-medium shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-indigo-600"
              >
                {!speakers.some((s) => s.id === seg.speaker) && (
                  <option value={seg.speaker}>{seg.speaker}</option>
                )}
                {speakers.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.name}
                  </option>
                ))}
              </select>
              <span className="ml-auto flex items-start gap-1 text-xs text-slate-500">
                <TimeField
                  label={`Start of segment ${n}`}
                  value={seg.start}
                  onChange={(ms) => onChange(i, { start: ms })}
                />
                <span className="pt-1">–</span>
                <TimeField
                  label={`End of segment ${n}`}
                  value={seg.end}
                  onChange={(ms) => onChange(i, { end: ms })}
                />
              </span>
              {editing.rowMenu(i)}
            </>
          ),
          body: (
            <>
              <textarea
                {...editing.textField(i)}
                aria-label={`Text of segment ${n}`}
                value={seg.text}
                rows={2}
                onChange={(e) => onChange(i, { text: e.target.value })}
                className="mt-2 block w-full resize-y rounded-lg border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-200 ring-inset focus:ring-2 focus:ring-indigo-600"
              />
              {seg.end < seg.start && (
                <p className="mt-1 text-xs text-red-700">This segment ends before it starts.</p>
              )}
            </>
          ),
        };
      }}
    />
  );
}
