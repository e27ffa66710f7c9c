import type { StrengthCheckResponse } from "@dubbing/identity-client";
import { STRENGTH_SEGMENTS } from "../constants.ts";
import { useWidget } from "../context.tsx";
import { TEXT } from "../messages.ts";
import { Check, Cross } from "./icons.tsx";

/** The zxcvbn 4-segment meter with the feedback warning, or the LUDS checklist; plus the breach notice. */
export function StrengthMeter({ result }: { result: StrengthCheckResponse }) {
  return (
    <div className="dbsw-stack dbsw-stack--tight" aria-live="polite">
      {result.strength_policy === "luds" ? (
        <LudsChecklist result={result} />
      ) : (
        <ZxcvbnMeter result={result} />
      )}
      {result.breached_password ? <p className="dbsw-error-text">{TEXT.breachNotice}</p> : null}
    </div>
  );
}

function ZxcvbnMeter({ result }: { result: StrengthCheckResponse }) {
  const filled = result.valid_password
    ? STRENGTH_SEGMENTS
    : Math.min(Math.max(result.score, 1), STRENGTH_SEGMENTS - 1);
  const tone = result.valid_password ? "strong" : "weak";
  return (
    <>
      <meter
        className="dbsw-sr-only"
        aria-label={TEXT.strengthLabel}
        min={0}
        max={STRENGTH_SEGMENTS}
        value={filled}
      />
      <div className="dbsw-meter" aria-hidden="true" data-score={result.score}>
        {Array.from({ length: STRENGTH_SEGMENTS }, (_, i) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are positions
            key={i}
            className={`dbsw-meter__seg${i < filled ? ` dbsw-meter__seg--${tone}` : ""}`}
            data-filled={i < filled}
          />
        ))}
      </div>
      {result.valid_password ? (
        <p className="dbsw-muted" style={{ color: "var(--dbsw-success)" }}>
          {TEXT.strongEnough}
        </p>
      ) : result.feedback.warning && !result.breached_password ? (
        <p className="dbsw-error-text">{result.feedback.warning}</p>
      ) : result.feedback.suggestions[0] && !result.breached_password ? (
        <p className="dbsw-error-text">{result.feedback.suggestions[0]}</p>
      ) : null}
    </>
  );
}

function LudsChecklist({ result }: { result: StrengthCheckResponse }) {
  const { bootstrap } = useWidget();
  const req = result.feedback.luds_requirements;
  const min = bootstrap.passwordConfig?.ludsMinimumCount ?? 8;
  const complexity = bootstrap.passwordConfig?.ludsComplexity ?? 3;
  const items = [
    { text: TEXT.ludsLength(min), met: (req?.missing_characters ?? 0) === 0 },
    { text: TEXT.ludsComplexity(complexity), met: (req?.missing_complexity ?? 0) === 0 },
  ];
  return (
    <ul className="dbsw-checklist">
      {items.map((item) => (
        <li key={item.text} data-met={item.met}>
          {item.met ? <Check /> : <Cross />}
          <span>{item.text}</span>
        </li>
      ))}
    </ul>
  );
}
