import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * The files that take longest (each over 35 s on 2 cores, most of it a real flow or a real wait), longest
 * first. A fresh clone has no results cache, so vitest orders by file size: the fuzzer's file (then 100 s),
 * one of the smallest, started last and ran alone for its last 100 s. Order only: a stale list costs time,
 * never a result (`node scripts/test-times.ts` prints the current durations).
 */
export const LONGEST_FIRST = [
  "apps/server/test/scale-out.test.ts",
  "apps/server/test/ownership.test.ts",
  "apps/server/test/dub-exports.test.ts",
  "apps/server/test/voice-cloning.test.ts",
  "apps/server/test/chinese-dub.test.ts",
  "apps/server/test/fair-use.test.ts",
  "apps/server/test/api-fuzz.test.ts",
  "apps/server/test/crash-recovery.test.ts",
  "apps/server/test/resume-transcription.test.ts",
  "apps/server/test/dubbing-flow.test.ts",
  "apps/server/test/my-voices.test.ts",
  "apps/server/test/crafted-media.test.ts",
  "apps/server/test/backup.test.ts",
  "apps/server/test/link-import.test.ts",
  "apps/server/test/voices-by-gender.test.ts",
  "apps/server/test/automation-flow.test.ts",
  "apps/server/test/multilingual.test.ts",
  "apps/server/test/videos.test.ts",
  "apps/server/test/truthful-state.test.ts",
  "apps/server/test/fair-scheduling.test.ts",
];

/** Vitest's order (failed first, then longest by its cache, else largest), after the known longest. */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (f: TestSpecification) => {
      const i = LONGEST_FIRST.findIndex((l) => f.moduleId.endsWith(`/${l}`));
      return i < 0 ? LONGEST_FIRST.length : i;
    };
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}
