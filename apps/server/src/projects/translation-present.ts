import type { DubReport, Translation } from "@dubbing/contract";
import { containsTerm, type GlossaryMiss } from "@dubbing/dubbing";
import { dubKeys } from "../storage/keys.ts";
import type { SignPath } from "./present.ts";
import type { TranslationRow } from "./translation-repository.ts";

const TTL = 6 * 3600;

/**
 * A translation as `viewerId` sees it; `videoId`, `finalVideoUrl` keep the seed's names. `editedByYou`: the
 * viewer made its last change, so the server refuses their approval (review/approver.ts).
 */
export function presentTranslation(row: TranslationRow, sign: SignPath, viewerId: string): Translation {
  const file = (key: string | null, download: string) => (key ? sign(key, TTL, download) : null);
  // After a failed dub there is no current dubbed video, only the previous one, clearly labelled.
  const failed = row.status === "failed";
  const keys = row.dubKey && !failed ? dubKeys(row.projectId, row.language) : null;
  return {
    videoId: row.projectId,
    language: row.language,
    status: row.status,
    statusMessage: row.statusMessage,
    progress: row.progress,
    transcript: row.transcript,
    engine: row.engine,
    finalVideoUrl: keys && file(keys.mp4, `dubbed-video-${row.language}.mp4`),
    srtUrl: keys ? file(keys.srt, `dubbed-video-${row.language}.srt`) : null,
    vttUrl: keys ? file(keys.vtt, `dubbed-video-${row.language}.vtt`) : null,
    audioUrl: keys ? file(keys.m4a, `dubbed-audio-${row.language}.m4a`) : null,
    wavUrl: keys ? `/api/video/${row.projectId}/dubs/${row.language}/audio.wav` : null,
    subtitlesBurned: row.subtitlesBurned,
    report: row.dubReport ? withReviews(row.dubReport, row.transcript) : null,
    previousDub:
      failed && row.dubKey
        ? {
            videoUrl: file(row.dubKey, `previous-dub-${row.language}.mp4`)!,
            dubbedAt: row.dubbedAt?.toISOString() ?? null,
          }
        : null,
    stale: row.stale,
    glossaryMisses: currentMisses(row),
    dubbedAt: row.dubbedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
    review: {
      status: row.reviewStatus,
      by: row.reviewBy,
      at: row.reviewAt?.toISOString() ?? null,
      note: row.reviewNote,
      editedByYou: row.editedBy !== null && row.editedBy === viewerId,
    },
  };
}

/**
 * The glossary misses the translation recorded, less those the text now has (an edit that puts the term in
 * clears its flag). An imported or edited-away segment without a record has none.
 */
function currentMisses(row: TranslationRow): GlossaryMiss[] {
  const misses = (row.meta as { glossaryMisses?: GlossaryMiss[] } | null)?.glossaryMisses ?? [];
  return misses.filter((m) => {
    const text = row.transcript[m.segment]?.text;
    return text !== undefined && !containsTerm(text, m.expected);
  });
}

/**
 * The report card with each line's `reviewed`: the creator kept it and its text is still the one they
 * kept (an edit opens it again); the summary counts the reviewed lines among those with a finding.
 */
export function withReviews(report: DubReport, transcript: readonly { text: string }[]): DubReport {
  if (!report.lines || !report.summary) return report;
  const kept = report.reviewed ?? {};
  const lines = report.lines.map((l) => ({
    ...l,
    reviewed: kept[String(l.index)] !== undefined && kept[String(l.index)] === transcript[l.index]?.text,
  }));
  const reviewed = lines.filter((l) => l.reviewed && l.status !== "ok").length;
  return { ...report, lines, summary: { ...report.summary, reviewed } };
}
