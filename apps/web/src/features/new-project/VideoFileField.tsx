import { useEffect, useMemo } from "react";
import { useAppConfig } from "../../api/config.ts";
import { buttonSecondary } from "../../components/button-styles.ts";
import { DEFAULT_ACCEPT } from "./content.ts";
import { Dropzone } from "./Dropzone.tsx";
import { formatBytes } from "./upload-video.ts";

/** The chosen video with its preview and a Remove button, or the drop zone to choose one. */
export function VideoFileField({
  file,
  onFile,
  onReject,
  invalid,
  describedBy,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  onReject: (message: string) => void;
  invalid: boolean;
  describedBy?: string;
}) {
  const config = useAppConfig();
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);
  return (
    <div>
      <p className="text-sm font-medium text-slate-900">Video file</p>
      <div className="mt-2">
        {file && preview ? (
          <div className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200">
            {/* biome-ignore lint/a11y/useMediaCaption: a preview of the user's own file */}
            <video
              src={preview}
              controls
              className="aspect-video w-full bg-black"
              aria-label="Preview of the chosen video"
            />
            <div className="flex items-center justify-between gap-4 p-4">
              <p className="min-w-0 text-sm">
                <span className="block truncate font-medium text-slate-900" data-testid="chosen-file">
                  {file.name}
                </span>
                <span className="text-slate-500">{formatBytes(file.size)}</span>
              </p>
              <button type="button" className={buttonSecondary} onClick={() => onFile(null)}>
                Remove
              </button>
            </div>
          </div>
        ) : (
          <Dropzone
            accept={config.data?.acceptedUploadTypes ?? DEFAULT_ACCEPT}
            invalid={invalid}
            describedBy={describedBy}
            onFile={onFile}
            onReject={onReject}
          />
        )}
      </div>
    </div>
  );
}
