import { useId, useState } from "react";
import { buttonSecondary } from "../../components/button-styles.ts";

/** What the server accepts (docs/API.md): SRT or WebVTT, at most 2 MiB. */
export const SUBTITLE_ACCEPT = ".srt,.vtt,application/x-subrip,text/vtt";
export const MAX_SUBTITLE_BYTES = 2 * 1024 * 1024;

/** A reason to refuse the chosen file before it is sent, or null. */
export function subtitleFileProblem(file: File): string | null {
  if (!/\.(srt|vtt)$/i.test(file.name)) return "Choose an SRT (.srt) or WebVTT (.vtt) file.";
  if (file.size === 0) return "The subtitle file is empty.";
  if (file.size > MAX_SUBTITLE_BYTES) return "The subtitle file is larger than 2 MiB.";
  return null;
}

/** The new-project form's optional subtitle file: its cues become the transcript. */
export function SubtitleFileField({
  file,
  onChange,
}: {
  file: File | null;
  onChange: (f: File | null) => void;
}) {
  const ids = { input: useId(), hint: useId(), error: useId() };
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <div>
      <label htmlFor={ids.input} className="block text-sm font-medium text-slate-900">
        Subtitles (optional)
      </label>
      {file ? (
        <p className="mt-2 flex items-center justify-between gap-4 text-sm">
          <span className="truncate font-medium text-slate-900" data-testid="chosen-subtitles">
            {file.name}
          </span>
          <button type="button" className={buttonSecondary} onClick={() => onChange(null)}>
            Remove subtitles
          </button>
        </p>
      ) : (
        <input
          id={ids.input}
          type="file"
          accept={SUBTITLE_ACCEPT}
          aria-describedby={problem ? `${ids.hint} ${ids.error}` : ids.hint}
          aria-invalid={problem ? true : undefined}
          className="mt-2 block text-sm text-slate-700"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            e.target.value = "";
            if (!chosen) return;
            const why = subtitleFileProblem(chosen);
            setProblem(why);
            if (!why) onChange(chosen);
          }}
        />
      )}
      <p id={ids.hint} className="mt-2 text-sm text-slate-600">
        An SRT or WebVTT file of what is said. Its lines become the transcript and speech recognition is
        skipped. Lines written as “Name: text”, “[Name] text” or with WebVTT voices name the speakers.
      </p>
      {problem && (
        <p id={ids.error} className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
