import type { Voice } from "../../../api/types.ts";
import { speakerColor } from "./speaker-colors.ts";
import type { Speaker } from "./speakers.ts";

/** The speakers and their voices as a role that may not change them reads them. */
export function ReadOnlySpeakers({ speakers, voices }: { speakers: Speaker[]; voices: Voice[] }) {
  const voiceName = (value: string) => {
    const v = voices.find((x) => x.value === value);
    return v ? `${v.name} (${v.gender}, ${v.locale})` : value ? "A voice of My voices" : "No voice";
  };
  return (
    <section
      aria-labelledby="speakers-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200"
    >
      <h2 id="speakers-title" className="font-semibold text-slate-900">
        Speakers
      </h2>
      {speakers.length === 0 && <p className="mt-4 text-sm text-slate-500">No speakers yet.</p>}
      <ul className="mt-4 space-y-2">
        {speakers.map((s) => (
          <li key={s.id} data-testid="speaker" className="flex items-center gap-2 text-sm">
            <span
              aria-hidden="true"
              className={`size-3 shrink-0 rounded-full ${speakerColor(speakers, s.id).dot}`}
            />
            <span className="font-medium text-slate-900">{s.name}</span>
            <span className="min-w-0 truncate text-slate-600" data-testid="speaker-voice">
              {voiceName(s.selectedVoice)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
