import { buttonPrimary } from "../../components/button-styles.ts";
import { CheckIcon } from "../../components/icons.tsx";

/** 'Save Changes' while there are unsaved edits, 'Saved' when clean (saving then does nothing). */
export function SaveButton({
  dirty,
  saving,
  onSave,
}: {
  dirty: boolean;
  saving: boolean;
  onSave: () => void;
}) {
  return (
    <button
      type="button"
      onClick={() => {
        if (dirty && !saving) onSave();
      }}
      aria-disabled={!dirty || saving}
      className={`${buttonPrimary} ${!dirty ? "bg-emerald-600 hover:bg-emerald-600" : ""} aria-disabled:cursor-default`}
    >
      {!dirty && <CheckIcon className="size-4" />}
      {saving ? "Saving..." : dirty ? "Save Changes" : "Saved"}
    </button>
  );
}
