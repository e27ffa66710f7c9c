import { useId } from "react";
import { inputBase } from "../../components/button-styles.ts";
import { linkProblem } from "./import-link.ts";
import { youtubeEmbedUrl, youtubeId } from "./youtube.ts";

/**
 * The spec's YouTube link field with its embedded preview; any other video page or a direct link to a
 * video file is accepted too (the server downloads it). A YouTube link without an 11-character id says
 * "Invalid YouTube link" as it is typed.
 */
export function LinkField({
  value,
  onChange,
  describedBy,
}: {
  value: string;
  onChange: (link: string) => void;
  describedBy?: string;
}) {
  const ids = { input: useId(), hint: useId(), problem: useId() };
  const problem = linkProblem(value);
  const videoId = youtubeId(value);
  const described = [ids.hint, problem ? ids.problem : null, describedBy].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={ids.input} className="block text-sm font-medium text-slate-900">
        YouTube link
      </label>
      <input
        id={ids.input}
        type="url"
        inputMode="url"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder="https://www.youtube.com/watch?v=..."
        aria-invalid={problem ? true : undefined}
        aria-describedby={described}
        className={`${inputBase} mt-2`}
      />
      <p id={ids.hint} className="mt-2 text-sm text-slate-600">
        A YouTube video, a page of another video site, or a direct link to a video file. We download it for
        you.
      </p>
      {problem && (
        <p id={ids.problem} className="mt-2 text-sm text-red-700">
          {problem}
        </p>
      )}
      {videoId && (
        <div className="mt-4 overflow-hidden rounded-2xl ring-1 ring-slate-200">
          <iframe
            title="YouTube video preview"
            src={youtubeEmbedUrl(videoId)}
            className="aspect-video w-full"
            allow="encrypted-media; picture-in-picture"
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
          />
        </div>
      )}
    </div>
  );
}
