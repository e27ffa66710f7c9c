import { useId, useState } from "react";
import { UploadIcon } from "../../components/icons.tsx";
import { ACCEPT_TEXT, ALSO_ACCEPTED_TEXT, isAcceptedFile } from "./content.ts";

/** Drag-and-drop or pick a video file. The whole zone is the file input's label, so it works by keyboard. */
export function Dropzone({
  accept,
  onFile,
  onReject,
  invalid,
  describedBy,
}: {
  accept: string[];
  onFile: (file: File) => void;
  onReject: (message: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const id = useId();
  const [over, setOver] = useState(false);
  const take = (file: File | undefined) => {
    if (!file) return;
    if (isAcceptedFile(file)) onFile(file);
    else onReject(`"${file.name}" is not a video. Choose an MP4, WebM, OGG, MOV, AVI or WMV file.`);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a drop target; the file input inside is the keyboard way
    <div
      data-testid="dropzone"
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={(e) => {
        e.preventDefault();
        setOver(false);
        take(e.dataTransfer.files[0]);
      }}
      className={`relative flex flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 py-10 text-center transition focus-within:ring-2 focus-within:ring-indigo-600 ${
        over
          ? "border-indigo-500 bg-indigo-50"
          : invalid
            ? "border-red-300 bg-red-50/40"
            : "border-slate-300 bg-white"
      }`}
    >
      <UploadIcon className="size-10 text-slate-400" />
      <label htmlFor={id} className="mt-4 cursor-pointer text-sm text-slate-700">
        <span className="font-semibold text-indigo-600 hover:text-indigo-500">Upload a file</span> or drag and
        drop
        <span className="absolute inset-0" aria-hidden="true" />
      </label>
      <input
        id={id}
        type="file"
        accept={accept.join(",")}
        aria-describedby={describedBy}
        className="sr-only"
        onChange={(e) => {
          take(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <p className="mt-1 text-xs text-slate-500">{ACCEPT_TEXT}</p>
      <p className="text-xs text-slate-500" data-testid="also-accepted">
        {ALSO_ACCEPTED_TEXT}
      </p>
    </div>
  );
}
