import type { Language, Segment, Speaker, Translation } from "../../../api/types.ts";
import { useLineComments } from "../review/LineComments.tsx";
import { ReviewBar } from "../review/ReviewBar.tsx";
import { SegmentList } from "../transcript/SegmentRow.tsx";
import { speakerName } from "../transcript/segments.ts";
import { formatTime } from "../transcript/time.ts";
import { DubDownloads } from "./DubDownloads.tsx";

/**
 * A translation as a viewer or a reviewer reads it: its lines as text (nothing to edit, save, dub,
 * translate again or delete), the dub's downloads, and the review (a reviewer comments, approves or
 * requests changes; a viewer reads).
 */
export function ReadOnlyTranslation({
  projectId,
  translation,
  language,
  original,
  speakers,
  activeIndex,
  onSeek,
}: {
  projectId: string;
  translation: Translation;
  language: Language | undefined;
  original: Segment[];
  speakers: Speaker[];
  activeIndex: number;
  onSeek: (ms: number) => void;
}) {
  const code = translation.language;
  const lineComments = useLineComments(projectId, code);
  return (
    <div className="space-y-4">
      <ReviewBar projectId={projectId} translation={translation} dubRefusal={null} />
      <p className="rounded-2xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
        Status:{" "}
        <span className="font-medium text-slate-900" data-testid="translation-status">
          {translation.status}
        </span>
        <span className="ml-2" data-testid="read-only-note">
          Your role here reads this translation; an editor changes and dubs it.
        </span>
      </p>
      {translation.finalVideoUrl && (
        <DubDownloads projectId={projectId} translation={translation} videoUrl={translation.finalVideoUrl} />
      )}
      <SegmentList
        label={`${language?.name ?? code} translation`}
        segments={translation.transcript}
        activeIndex={activeIndex}
        testId="translation-segment"
        headerClassName="text-xs text-slate-500"
        onSeek={onSeek}
        view={(seg, i) => ({
          header: (
            <>
              <span className="font-medium text-slate-700">{speakerName(speakers, seg.speaker)}</span>
              <span>
                {formatTime(seg.start)} – {formatTime(seg.end)}
              </span>
            </>
          ),
          body: (
            <>
              {original[i] && <p className="mt-2 text-sm text-slate-500">{original[i].text}</p>}
              <p
                className="mt-2 text-sm text-slate-900"
                lang={code}
                dir={["ar", "he"].includes(code) ? "rtl" : undefined}
                data-testid="translated-text"
              >
                {seg.text}
              </p>
              {lineComments(i)}
            </>
          ),
        })}
      />
    </div>
  );
}
