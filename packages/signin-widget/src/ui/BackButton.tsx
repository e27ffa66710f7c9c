import { useWidget } from "../context.tsx";
import { TEXT } from "../messages.ts";
import { ArrowLeft } from "./icons.tsx";

/** The back arrow: returns to Main (or runs `onBack`). */
export function BackButton({ onBack }: { onBack?: () => void }) {
  const { dispatch } = useWidget();
  return (
    <div className="dbsw-topbar">
      <button
        type="button"
        className="dbsw-back"
        aria-label={TEXT.back}
        onClick={onBack ?? (() => dispatch({ type: "navigate", screen: "main" }))}
      >
        <ArrowLeft />
      </button>
    </div>
  );
}
