import { textDifference } from "./difference.ts";

/** Character and percent difference of a translated segment against the original; red above 15%. */
export function DifferenceBadge({ original, translated }: { original: string; translated: string }) {
  const d = textDifference(original, translated);
  const sign = d.chars > 0 ? "+" : "";
  return (
    <span
      data-testid="difference"
      data-warn={d.warn}
      title={
        d.warn
          ? "More than 15% longer or shorter than the original"
          : "Length difference against the original"
      }
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium tabular-nums ${
        d.warn ? "bg-red-100 text-red-700" : "bg-slate-100 text-slate-600"
      }`}
    >
      {sign}
      {d.chars} chars · {d.percent}%
    </span>
  );
}
