import type { Translation } from "../../../api/types.ts";
import { buttonPrimary, buttonSecondary } from "../../../components/button-styles.ts";
import { DownloadIcon } from "../../../components/icons.tsx";

export function dubFileName(language: string): string {
  return `dubbed-video-${language}.mp4`;
}

/** The finished dub's files: video, subtitles, audio, and the video with every language's track. */
export function DubDownloads({
  projectId,
  translation,
  videoUrl,
}: {
  projectId: string;
  translation: Translation;
  videoUrl: string;
}) {
  const code = translation.language;
  return (
    <section
      aria-label="Downloads of the dub"
      className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200"
    >
      {translation.stale && (
        <p className="mb-3 rounded-lg bg-amber-50 p-2 text-sm text-amber-800">
          The translation or voices changed since this dub. Dub again to update it.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <a href={videoUrl} download={dubFileName(code)} className={buttonPrimary}>
          <DownloadIcon className="size-4" /> Download Video
        </a>
        {translation.srtUrl && (
          <a href={translation.srtUrl} download={`subtitles-${code}.srt`} className={buttonSecondary}>
            <DownloadIcon className="size-4" /> Download SRT
          </a>
        )}
        {translation.vttUrl && (
          <a href={translation.vttUrl} download={`subtitles-${code}.vtt`} className={buttonSecondary}>
            <DownloadIcon className="size-4" /> Download VTT
          </a>
        )}
        {translation.audioUrl && (
          <a href={translation.audioUrl} download={`dubbed-audio-${code}.m4a`} className={buttonSecondary}>
            <DownloadIcon className="size-4" /> Audio (M4A)
          </a>
        )}
        {translation.wavUrl && (
          <a href={translation.wavUrl} download={`dubbed-audio-${code}.wav`} className={buttonSecondary}>
            <DownloadIcon className="size-4" /> Audio (WAV)
          </a>
        )}
        <a
          href={`/api/video/${projectId}/dubs/all-languages.mp4`}
          download="video-all-languages.mp4"
          className={buttonSecondary}
          title="The video with the original audio and every finished dub as separate audio tracks"
        >
          <DownloadIcon className="size-4" /> All languages (MP4)
        </a>
      </div>
    </section>
  );
}

/** After a failed dub, the one before it (which the player plays) stays downloadable. */
export function PreviousDub({
  code,
  previous,
}: {
  code: string;
  previous: NonNullable<Translation["previousDub"]>;
}) {
  return (
    <section aria-label="Previous dub" className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <p className="mb-3 text-sm text-slate-600">
        Previous dub, made before the failed attempt
        {previous.dubbedAt ? ` (${new Date(previous.dubbedAt).toLocaleString()})` : ""}; the player above
        plays it.
      </p>
      <a href={previous.videoUrl} download={`previous-dub-${code}.mp4`} className={buttonSecondary}>
        <DownloadIcon className="size-4" /> Download previous dub
      </a>
    </section>
  );
}
