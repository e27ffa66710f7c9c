import type { ReactNode, TextareaHTMLAttributes } from "react";
import type { Segment, Speaker, Translation } from "../../../api/types.ts";
import { speakerName } from "../transcript/segments.ts";
import { TimeField } from "../transcript/TimeField.tsx";
import { DifferenceBadge } from "./DifferenceBadge.tsx";
import { HURRIED_SPEED } from "./projected-speed.ts";
import { WaitBadge } from "./TimingMode.tsx";

const badge = "rounded-full bg-amber-100 px-2 py-0.5 font-medium text-amber-800";

/** One translated line's header: speaker, times, the warnings about it and its dub actions. */
export function TranslatedLineHeader({
  seg,
  index,
  source,
  speakers,
  translation,
  lost,
  tooLong,
  waited,
  projected,
  borrow,
  busy,
  menu,
  onChange,
  onPlay,
  onRegenerate,
}: {
  seg: Segment;
  index: number;
  source: Segment | undefined;
  speakers: Speaker[];
  translation: Translation;
  /** The glossary terms the translation lost here. */
  lost: Translation["glossaryMisses"];
  /** The last dub's report when this line did not fit its time. */
  tooLong: NonNullable<Translation["report"]>["segments"][number] | undefined;
  /** The last dub's report when the picture waited for this line. */
  waited: NonNullable<Translation["report"]>["segments"][number] | undefined;
  /** How fast the line as edited would be spoken, or null. */
  projected: number | null;
  /** The times that would let the line borrow the silence after it, or null. */
  borrow: { start: number; end: number } | null;
  /** A job runs on this translation. */
  busy: boolean;
  menu: ReactNode;
  onChange: (patch: Partial<Segment>) => void;
  onPlay: () => void;
  onRegenerate: () => void;
}) {
  const n = index + 1;
  return (
    <>
      <span className="font-medium text-slate-700">{speakerName(speakers, seg.speaker)}</span>
      <span className="flex items-start gap-1">
        <TimeField
          label={`Start of translated segment ${n}`}
          value={seg.start}
          onChange={(ms) => onChange({ start: ms })}
        />
        <span className="pt-1">–</span>
        <TimeField
          label={`End of translated segment ${n}`}
          value={seg.end}
          onChange={(ms) => onChange({ end: ms })}
        />
      </span>
      <span className="ml-auto flex items-center gap-2">
        {lost.map((m) => (
          <span
            key={m.term}
            data-testid="glossary-miss"
            className={badge}
            title="The glossary says how this term is translated; the translation lost it"
          >
            Glossary: “{m.term}” should be “{m.expected}”
          </span>
        ))}
        {tooLong && (
          <span
            data-testid="too-long"
            className={badge}
            title="The dubbed speech did not fit this segment's time even when sped up"
          >
            Too long{tooLong.speed ? ` (×${tooLong.speed.toFixed(2)})` : ""}
          </span>
        )}
        {waited && <WaitBadge line={waited} />}
        {projected !== null && (
          <span
            data-testid="projected-speed"
            aria-live="polite"
            title="How fast this line will be spoken if dubbed as it is now"
            className={`rounded-full px-2 py-0.5 font-medium tabular-nums ${
              projected > HURRIED_SPEED ? "bg-amber-100 text-amber-800" : "bg-slate-100 text-slate-600"
            }`}
          >
            Will play at ×{projected.toFixed(2)}
          </span>
        )}
        {borrow && (
          <button
            type="button"
            onClick={() => onChange(borrow)}
            className="rounded-md px-2 py-0.5 font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
          >
            Borrow {((borrow.end - borrow.start - (seg.end - seg.start)) / 1000).toFixed(1)} s of silence
          </button>
        )}
        <DifferenceBadge original={source?.text ?? ""} translated={seg.text} />
        {translation.finalVideoUrl && !translation.stale && (
          <button
            type="button"
            onClick={onPlay}
            aria-label={`Play the dubbed line ${n}`}
            className="rounded-md px-2 py-0.5 font-medium text-indigo-700 ring-1 ring-indigo-200 hover:bg-indigo-50"
          >
            ▶ Dub
          </button>
        )}
        {translation.finalVideoUrl && (
          <button
            type="button"
            disabled={busy}
            onClick={onRegenerate}
            aria-label={`Regenerate the dubbed line ${n}`}
            className="rounded-md px-2 py-0.5 font-medium text-slate-700 ring-1 ring-slate-200 hover:bg-slate-50 disabled:opacity-50"
          >
            Regenerate
          </button>
        )}
        {menu}
      </span>
    </>
  );
}

/** One translated line's body: the original line, the shortened note, the text field and its comments. */
export function TranslatedLineBody({
  seg,
  index,
  source,
  code,
  field,
  onText,
  comments,
}: {
  seg: Segment;
  index: number;
  source: Segment | undefined;
  code: string;
  /** The text field's id and key handling from the segment editing. */
  field: TextareaHTMLAttributes<HTMLTextAreaElement>;
  onText: (text: string) => void;
  comments?: ReactNode;
}) {
  return (
    <>
      {source && <p className="mt-2 text-sm text-slate-500">{source.text}</p>}
      {seg.shortenedFrom && (
        <p data-testid="shortened" className="mt-2 text-sm text-slate-600">
          <span className="rounded-full bg-indigo-50 px-2 py-0.5 font-medium text-indigo-800">
            Shortened to fit
          </span>{" "}
          First rendering: <q lang={code}>{seg.shortenedFrom}</q>
        </p>
      )}
      <textarea
        {...field}
        aria-label={`Translated text of segment ${index + 1}`}
        value={seg.text}
        rows={2}
        dir={["ar", "he"].includes(code) ? "rtl" : undefined}
        lang={code}
        onChange={(e) => onText(e.target.value)}
        className="mt-2 block w-full resize-y rounded-lg border-0 px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-slate-200 ring-inset focus:ring-2 focus:ring-indigo-600"
      />
      {comments}
    </>
  );
}
