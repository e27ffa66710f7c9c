import { useState } from "react";
import { buttonSecondary } from "../../components/button-styles.ts";
import { ProgressBar } from "../../components/ProgressBar.tsx";
import { TAGLINES, WAITING_FAQ, WAITING_TEXT } from "./content.ts";
import { formatBytes, type UploadProgress } from "./upload-video.ts";

/** Shown while the upload runs: animation, text, a random tagline, three FAQ entries and real progress. */
export function WaitingPanel({
  progress,
  onCancel,
}: {
  progress: UploadProgress | null;
  onCancel: () => void;
}) {
  const [tagline] = useState(() => TAGLINES[Math.floor(Math.random() * TAGLINES.length)]!);
  const pct = progress && progress.total > 0 ? (progress.loaded / progress.total) * 100 : 0;
  const sent = progress !== null && progress.total > 0 && progress.loaded >= progress.total;
  return (
    <section
      aria-labelledby="waiting-title"
      className="mx-auto max-w-2xl rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-10"
    >
      <div aria-hidden="true" className="flex h-16 items-end justify-center gap-1.5">
        {[0, 1, 2, 3, 4, 5, 6].map((i) => (
          <span
            key={i}
            className="w-2 animate-bounce rounded-full bg-indigo-500"
            style={{ height: `${30 + ((i * 29) % 70)}%`, animationDelay: `${i * 110}ms` }}
          />
        ))}
      </div>
      <h2 id="waiting-title" className="mt-6 text-center text-lg font-semibold text-slate-900">
        {WAITING_TEXT}
      </h2>
      <p className="mt-2 text-center text-sm text-slate-500 italic" data-testid="tagline">
        {tagline}
      </p>
      <div className="mt-8">
        <ProgressBar value={pct} label="Upload progress" />
        <p className="mt-2 flex justify-between text-xs text-slate-600" aria-live="polite">
          <span>{sent ? "Upload complete — creating your project…" : `Uploaded ${Math.floor(pct)}%`}</span>
          {progress && (
            <span>
              {formatBytes(progress.loaded)} of {formatBytes(progress.total)}
            </span>
          )}
        </p>
      </div>
      {!sent && (
        <div className="mt-6 flex justify-center">
          <button type="button" className={buttonSecondary} onClick={onCancel}>
            Cancel upload
          </button>
        </div>
      )}
      <dl className="mt-10 space-y-4 border-t border-slate-200 pt-6">
        {WAITING_FAQ.map((f) => (
          <div key={f.q}>
            <dt className="text-sm font-semibold text-slate-900">{f.q}</dt>
            <dd className="mt-1 text-sm text-slate-600">{f.a}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
