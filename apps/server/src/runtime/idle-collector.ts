// An idle process gives back its garbage. Node runs no idle-time garbage collection (Chrome does, in its
// idle tasks), and V8 marks the old generation only once it has grown by its growth factor: what the idle
// timers allocate (queue backstops, sweepers) survives two young-generation collections, is promoted,
// and stays resident for hours. Measured (bench/service/idle.ts): the heap grew ~0.3 MB a minute with no
// user and no job, and one thorough collection (80–90 ms at this heap's size) gave it back.
import { performance } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";

/** How often the process looks at whether it is idle. */
const IDLE_CHECK_MS = 120_000;
/** Idle: the event loop was busy less than this share of the last check's interval. */
const IDLE_LOOP_SHARE = 0.02;
/** What the heap must have grown since its lowest for a collection to be worth it. */
export const IDLE_GROWTH_BYTES = 1024 * 1024;

/**
 * Pure: one look at the process. Growth is counted from the lowest heap seen since the last collection
 * (V8's own collections count, start-up's among them: counted from the start, a process that started at
 * its high would never collect).
 */
export function idleLook(
  low: number,
  loopShare: number,
  heapUsed: number,
): { low: number; collect: boolean } {
  const lowest = Math.min(low, heapUsed);
  return { low: lowest, collect: loopShare < IDLE_LOOP_SHARE && heapUsed - lowest >= IDLE_GROWTH_BYTES };
}

type Gc = (options?: { type: "major"; execution: "sync"; flavor: "last-resort" }) => void;

/**
 * V8's most thorough collection (what it runs before giving up on memory: it also compacts and gives
 * the emptied pages back, where a plain full collection keeps them committed), reached without starting
 * node with --expose-gc. Null if V8 refuses.
 */
function thoroughCollection(): (() => void) | null {
  let gc = globalThis.gc as Gc | undefined;
  if (typeof gc !== "function") {
    try {
      v8.setFlagsFromString("--expose-gc");
      gc = vm.runInNewContext("gc") as Gc;
    } catch {
      return null;
    }
  }
  if (typeof gc !== "function") return null;
  return () => gc({ type: "major", execution: "sync", flavor: "last-resort" });
}

/** Starts the check; returns its stop. `onCollect` hears each collection (heap bytes before, after). */
export function startIdleCollector(
  onCollect: (before: number, after: number, ms: number) => void = () => {},
  everyMs = IDLE_CHECK_MS,
): () => void {
  const gc = thoroughCollection();
  if (!gc) return () => {};
  let last = performance.eventLoopUtilization();
  let low = v8.getHeapStatistics().used_heap_size;
  const timer = setInterval(() => {
    const now = performance.eventLoopUtilization();
    const share = performance.eventLoopUtilization(now, last).utilization;
    last = now;
    const before = v8.getHeapStatistics().used_heap_size;
    const look = idleLook(low, share, before);
    low = look.low;
    if (!look.collect) return;
    const t = performance.now();
    gc();
    low = v8.getHeapStatistics().used_heap_size;
    onCollect(before, low, performance.now() - t);
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
