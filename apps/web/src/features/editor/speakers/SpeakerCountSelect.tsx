import { inputBase } from "../../../components/button-styles.ts";

/** "Detect automatically", or 1–8 people (the value sent: "auto" or the number). */
export const SPEAKER_COUNTS = ["auto", "1", "2", "3", "4", "5", "6", "7", "8"] as const;

/** "How many people speak?": told to the speaker detection, which then finds exactly that many. */
export function SpeakerCountSelect({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className={`${inputBase} mt-2`}>
      {SPEAKER_COUNTS.map((n) => (
        <option key={n} value={n}>
          {n === "auto" ? "Detect automatically" : n === "1" ? "1 person" : `${n} people`}
        </option>
      ))}
    </select>
  );
}

/** The API's `speakerCount` (null: detect) as the select's value, and back. */
export const speakerCountValue = (count: number | null | undefined) => (count ? String(count) : "auto");
export const speakerCountOf = (value: string) => (value === "auto" ? null : Number(value));
