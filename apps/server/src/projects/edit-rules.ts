import type { ProjectStatus, SpeakerStyle, TranslationStatus } from "@dubbing/contract";
import type { Segment, Speaker } from "./schemas.ts";

// One rule for edits and jobs (docs/decisions/projects-and-uploads.md "Edits while a job runs"): a job reads what it works on
// when it starts, so an edit saved while it runs would be silently missing from its result. Such an edit
// is refused with 409 and the editor keeps it until the job has finished.

const TRANSCRIBING: ProjectStatus[] = ["uploaded", "processing", "transcribing"];

/** Why an edit of a project's speakers or transcript must wait for a running job, or null. */
export function sourceEditConflict(
  edit: { transcript: boolean; speakers: boolean },
  state: { project: ProjectStatus; translations: TranslationStatus[] },
): string | null {
  if (!edit.transcript && !edit.speakers) return null;
  if (TRANSCRIBING.includes(state.project))
    return "The transcript is still being made. Save your changes when the project is ready.";
  if (edit.transcript && state.translations.includes("translating"))
    return "A translation is reading this transcript. Save your changes when it has finished.";
  if (edit.speakers && state.translations.some((s) => s === "translating" || s === "dubbing"))
    return "A dub is using these speakers and voices. Save your changes when it has finished.";
  return null;
}

/** Why an edit of a translation must wait for a running job, or null. */
export function translationEditConflict(status: TranslationStatus): string | null {
  if (status === "translating")
    return "The translation is still running. Save your changes when it has finished.";
  if (status === "dubbing")
    return "A dub of this translation is running. Save your changes when it has finished.";
  return null;
}

/**
 * Segments of speakers that are no longer on the project move to the first remaining speaker, as the
 * editor does when a speaker is deleted. Null when segments need a speaker and none is left.
 */
export function reassignSpeakers(transcript: Segment[], speakers: Speaker[]): Segment[] | null {
  const kept = new Set(speakers.map((s) => s.id));
  if (transcript.every((s) => kept.has(s.speaker))) return transcript;
  const fallback = speakers[0]?.id;
  if (!fallback) return null;
  return transcript.map((s) => (kept.has(s.speaker) ? s : { ...s, speaker: fallback }));
}

/** Whether two lists hold the same values in the same order (speakers or segments as the API shows them). */
export function sameList<T extends object>(a: T[], b: T[]): boolean {
  return a.length === b.length && JSON.stringify(a) === JSON.stringify(b);
}

/** Pure: a speaker style with its keys in one order (jsonb reorders them), so that lists compare. */
export function canonicalStyle(style: SpeakerStyle): SpeakerStyle {
  return {
    match: style.match,
    ...(style.measured ? { measured: style.measured } : {}),
    ...(style.pitchHz !== undefined ? { pitchHz: style.pitchHz } : {}),
    ...(style.syllablesPerSec !== undefined ? { syllablesPerSec: style.syllablesPerSec } : {}),
  };
}

/**
 * Pure: the speakers of an edit with each one's measured pitch and pace as stored, whatever the
 * client sent (measures come from the audio, not from users).
 */
export function keepMeasured(given: Speaker[], current: Speaker[]): Speaker[] {
  const stored = new Map(current.map((s) => [s.id, s.style?.measured]));
  return given.map((s) => {
    if (!s.style) return s;
    const measured = stored.get(s.id);
    const { measured: _client, ...rest } = s.style;
    return { ...s, style: canonicalStyle(measured ? { ...rest, measured } : rest) };
  });
}
