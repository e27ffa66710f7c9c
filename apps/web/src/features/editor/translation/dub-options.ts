import type { BackgroundMode } from "./BackgroundMode.tsx";
import type { TimingMode } from "./TimingMode.tsx";

/** What a dub is asked for beside its lines (the dub panel's choices). */
export interface DubOptions {
  burnSubtitles: boolean;
  bilingual: boolean;
  background: BackgroundMode;
  timing: TimingMode;
}
