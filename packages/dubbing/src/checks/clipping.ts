// clipping: the clip's peaks flattened at full scale (an engine or a gain that overshot). A run of
// consecutive samples at full scale is a flattened peak; a single one is a peak that just touches it.
import { type Finding, grade } from "./types.ts";

/** A sample at or above this (of full scale) is at the ceiling. */
export const CLIP_LEVEL = 0.99;
/** This many consecutive samples at the ceiling are one flattened peak. */
export const CLIP_RUN = 3;
/** Share of the clip's samples in flattened peaks: from this it is heard as a crackle… */
export const CLIP_WARN_SHARE = 0.0001;
/** …and from this as distortion. */
export const CLIP_FAIL_SHARE = 0.001;

/** Pure: the samples in runs of at least CLIP_RUN at the ceiling, and the number of such runs. */
export function clippedSamples(samples: Float32Array): { samples: number; runs: number } {
  let total = 0;
  let runs = 0;
  let run = 0;
  const close = () => {
    if (run >= CLIP_RUN) {
      total += run;
      runs++;
    }
    run = 0;
  };
  for (let i = 0; i < samples.length; i++) {
    if (Math.abs(samples[i] as number) >= CLIP_LEVEL) run++;
    else close();
  }
  close();
  return { samples: total, runs };
}

/** Pure: the clipping finding; value is the share of samples in flattened peaks. */
export function checkClipping(samples: Float32Array): Finding {
  const c = clippedSamples(samples);
  const share = samples.length ? c.samples / samples.length : 0;
  const status = c.runs === 0 ? "ok" : grade(share, CLIP_WARN_SHARE, CLIP_FAIL_SHARE);
  const message =
    status === "ok"
      ? "No flattened peaks."
      : `The voice distorts: ${c.runs} peak${c.runs === 1 ? "" : "s"} flattened at full scale.`;
  return { check: "clipping", status, message, value: Math.round(share * 1e6) / 1e6 };
}
