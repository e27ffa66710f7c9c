import type { EngineRegistry } from "@dubbing/dubbing";
import type { Metrics } from "./registry.ts";

/** The call that does an engine's work, per kind (availability probes and listings are not counted). */
const WORK: Record<"asr" | "diarization" | "mt" | "tts", string> = {
  asr: "transcribe",
  diarization: "diarize",
  mt: "translate",
  tts: "synthesize",
};

/**
 * Counts and times every engine call of this process's registry: each engine's work method is wrapped
 * in place (the pipeline keeps calling the engines it picks; nothing else changes).
 */
export function instrumentEngines(registry: EngineRegistry, metrics: Metrics): void {
  for (const [kind, method] of Object.entries(WORK) as [keyof typeof WORK, string][]) {
    for (const engine of registry.list(kind)) {
      const target = engine as unknown as Record<string, (...args: unknown[]) => Promise<unknown>>;
      const original = target[method];
      if (typeof original !== "function") continue;
      target[method] = async (...args: unknown[]) => {
        const end = metrics.engineDuration.startTimer({ kind, engine: engine.id });
        try {
          const result = await original.apply(engine, args);
          metrics.engineCalls.inc({ kind, engine: engine.id, result: "ok" });
          return result;
        } catch (error) {
          metrics.engineCalls.inc({ kind, engine: engine.id, result: "error" });
          throw error;
        } finally {
          end();
        }
      };
    }
  }
}
