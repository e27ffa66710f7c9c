import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { apiFetch } from "../../api/client.ts";
import type { Language, ProjectDetail } from "../../api/types.ts";
import { buttonSecondary, inputBase } from "../../components/button-styles.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { translationsKey } from "../editor/api.ts";
import { projectKey } from "../projects/api.ts";
import { notify } from "../toast/toast-store.ts";
import { SUBTITLE_ACCEPT, subtitleFileProblem } from "./SubtitleFileField.tsx";

/** POST /api/video/:id/subtitles/{original|language} with the file as multipart `subtitles`. */
function importSubtitles<T>(projectId: string, target: string, file: File): Promise<T> {
  const form = new FormData();
  form.append("subtitles", file, file.name);
  return apiFetch<T>(`/api/video/${encodeURIComponent(projectId)}/subtitles/${encodeURIComponent(target)}`, {
    method: "POST",
    body: form,
  });
}

/**
 * "Import subtitles": an SRT or WebVTT file as the transcript (replacing it, after a confirmation) or as
 * the translation into a language (no machine translation).
 */
export function ImportSubtitles({
  projectId,
  languages,
  sourceLanguage,
  disabled,
}: {
  projectId: string;
  languages: Language[];
  sourceLanguage: string;
  disabled: boolean;
}) {
  const client = useQueryClient();
  const ids = { target: useId(), file: useId() };
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState("original");
  const [file, setFile] = useState<File | null>(null);
  const problem = file && subtitleFileProblem(file);
  const targetName = languages.find((l) => l.code === target)?.name ?? target;
  return (
    <div>
      <button
        type="button"
        className={buttonSecondary}
        disabled={disabled}
        onClick={() => {
          setFile(null);
          setOpen(true);
        }}
      >
        Import subtitles
      </button>
      {disabled && <p className="mt-1 text-xs text-slate-500">Save your changes before importing.</p>}
      <ConfirmDialog
        open={open}
        title="Import subtitles"
        confirmLabel={target === "original" ? "Replace the transcript" : `Import as ${targetName}`}
        busyLabel="Importing..."
        disabled={!file || Boolean(problem)}
        onClose={() => setOpen(false)}
        onConfirm={async () => {
          if (!file) return;
          if (target === "original") {
            client.setQueryData(
              projectKey(projectId),
              await importSubtitles<ProjectDetail>(projectId, target, file),
            );
          } else {
            await importSubtitles(projectId, target, file);
            await client.invalidateQueries({ queryKey: translationsKey(projectId) });
          }
          notify.success(
            target === "original" ? "Transcript imported" : `${targetName} translation imported`,
          );
          setOpen(false);
        }}
      >
        <label htmlFor={ids.target} className="block font-medium text-slate-700">
          Import as
        </label>
        <select
          id={ids.target}
          value={target}
          onChange={(e) => setTarget(e.target.value)}
          className={inputBase}
        >
          <option value="original">The transcript</option>
          {languages
            .filter((l) => l.code !== sourceLanguage)
            .map((l) => (
              <option key={l.code} value={l.code}>
                Translation: {l.name}
              </option>
            ))}
        </select>
        <label htmlFor={ids.file} className="block font-medium text-slate-700">
          SRT or WebVTT file
        </label>
        <input
          id={ids.file}
          type="file"
          accept={SUBTITLE_ACCEPT}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          className="block text-sm"
        />
        {problem && <p className="text-red-700">{problem}</p>}
        <p>
          {target === "original"
            ? "The transcript is replaced by the file's lines. Speakers the file names (“Name: text”) are matched by name or added; translations stay as they are."
            : `The ${targetName} translation is replaced by the file's lines, with no machine translation; a dub of it must be made again.`}
        </p>
      </ConfirmDialog>
    </div>
  );
}
