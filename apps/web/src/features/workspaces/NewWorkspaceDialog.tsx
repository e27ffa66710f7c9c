import { NameDialog } from "../../components/NameDialog.tsx";

const TEXT = {
  title: "New workspace",
  label: "Name of the workspace",
  submit: "Create workspace",
  busy: "Creating...",
  failed: "The workspace could not be made.",
};

const nameProblem = (name: string) => (name.trim() ? null : "Give the workspace a name.");

/** "New workspace…": its name (1–100 characters, the server's rule); the server's refusal under the field. */
export function NewWorkspaceDialog({
  open,
  onCreate,
  onClose,
}: {
  open: boolean;
  onCreate: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  return (
    <NameDialog
      open={open}
      text={TEXT}
      initial=""
      maxLength={100}
      problem={nameProblem}
      onSubmit={onCreate}
      onClose={onClose}
    />
  );
}
