// Worker thread of mix/measure.ts: measures one range of a shared buffer.
import { parentPort } from "node:worker_threads";
import { blockEnergy, truePeak } from "./loudness.ts";
import type { MeasureTask } from "./measure.ts";

parentPort?.on("message", (t: MeasureTask) => {
  try {
    const data = new Float32Array(t.buffer, t.byteOffset, t.length);
    const energy = t.block
      ? blockEnergy(data, {
          channels: t.channels,
          sampleRate: t.sampleRate,
          sub: t.block,
          range: { from: t.from, to: t.to, warm: t.warm },
        })
      : null;
    const peak = t.peak ? truePeak(data, t.channels, t.from * (t.block || 1), t.to * (t.block || 1)) : 0;
    parentPort?.postMessage({ id: t.id, energy, peak });
  } catch (err) {
    parentPort?.postMessage({ id: t.id, error: String(err) });
  }
});
