import type { ActivityAction, ActivityEntry } from "@dubbing/contract";
import { LANGUAGES } from "@dubbing/contract/languages";
import { relativeTime } from "../../../lib/relative-time.ts";

const languageName = (code: string | null) => LANGUAGES.find((l) => l.code === code)?.name ?? code;

/** What each action did to `what`: the translation it names ("the Spanish translation"), else the transcript. */
const DID: Record<ActivityAction, (what: string) => string> = {
  "transcript:saved": (what) => `edited ${what}`,
  "translation:started": (what) => `started ${what}`,
  "dub:started": (what) => `started the dub of ${what}`,
  "review:draft": (what) => `moved ${what} back to draft`,
  "review:in_review": (what) => `sent ${what} for review`,
  "review:approved": (what) => `approved ${what}`,
  "review:changes_requested": (what) => `asked for changes to ${what}`,
  "comment:added": (what) => `commented on ${what}`,
};

/**
 * Pure: one entry in words, "ana@example.com approved the Spanish translation · 5 minutes ago", and why
 * where the server said ("… moved the Spanish translation back to draft (Text edited while it was approved: …)").
 */
export function activityText(entry: ActivityEntry, now = Date.now()): string {
  const what = entry.language ? `the ${languageName(entry.language)} translation` : "the transcript";
  const who = entry.actor ?? "A former member";
  const why = entry.note ? ` (${entry.note})` : "";
  return `${who} ${DID[entry.action](what)}${why} · ${relativeTime(entry.at, now)}`;
}
