import { NameDialog } from "./NameDialog.tsx";

/** The title rule of create: 1–200 characters after trimming. */
function titleProblem(title: string): string | null {
  const t = title.trim();
  if (t === "") return "A title is required.";
  if (t.length > 200) return "The title can be at most 200 characters.";
  return null;
}

/** Renames something with a title; the server's refusal (if any) is shown under the field. */
export function RenameDialog({
  open,
  what,
  current,
  onRename,
  onClose,
}: {
  open: boolean;
  what: string;
  current: string;
  onRename: (title: string) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <NameDialog
      open={open}
      text={{
        title: `Rename ${what}`,
        label: "Title",
        submit: "Rename",
        busy: "Saving...",
        failed: "The title could not be saved.",
      }}
      initial={current}
      maxLength={250}
      problem={titleProblem}
      onSubmit={onRename}
      onClose={onClose}
    />
  );
}
