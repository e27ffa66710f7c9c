import { type ReactNode, useState } from "react";
import { notify } from "../features/toast/toast-store.ts";
import { ActionsMenu } from "./ActionsMenu.tsx";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { RenameDialog } from "./RenameDialog.tsx";

/**
 * "⋯" with Rename and Delete for a titled record (a project, a storyboard), each with its dialog; an
 * action the caller's role may not take is left out (`rename` or `remove` not given), and with neither
 * there is no menu.
 */
export function RenameDeleteMenu({
  what,
  title,
  whatGoes,
  rename,
  remove,
}: {
  what: string;
  title: string;
  /** What deleting removes, said in the confirmation. */
  whatGoes: ReactNode;
  rename?: (title: string) => Promise<unknown>;
  remove?: () => Promise<unknown>;
}) {
  const [dialog, setDialog] = useState<"rename" | "delete" | null>(null);
  const close = () => setDialog(null);
  if (!rename && !remove) return null;
  return (
    <>
      <ActionsMenu
        label={`Actions for ${title}`}
        actions={[
          ...(rename ? [{ label: "Rename", onSelect: () => setDialog("rename") }] : []),
          ...(remove ? [{ label: "Delete", danger: true, onSelect: () => setDialog("delete") }] : []),
        ]}
      />
      <RenameDialog
        open={dialog === "rename"}
        what={what}
        current={title}
        onClose={close}
        onRename={async (next) => {
          await rename?.(next);
          notify.success(`${what[0]!.toUpperCase()}${what.slice(1)} renamed`);
        }}
      />
      <ConfirmDialog
        open={dialog === "delete"}
        title={`Delete "${title}"?`}
        confirmLabel={`Delete ${what}`}
        busyLabel="Deleting..."
        onClose={close}
        onConfirm={async () => {
          await remove?.();
          close();
          notify.success(`"${title}" was deleted`);
        }}
      >
        <p>{whatGoes} This cannot be undone.</p>
      </ConfirmDialog>
    </>
  );
}
