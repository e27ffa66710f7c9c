import { useEffect, useState } from "react";

/** An index that advances every `ms` milliseconds and wraps at `length`. */
export function useRotation(length: number, ms: number): number {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    const id = setInterval(() => setIndex((i) => (i + 1) % length), ms);
    return () => clearInterval(id);
  }, [length, ms]);
  return index;
}

/** The greeting shown in background slot `slot` at rotation step `step`. */
export function greetingFor<T>(items: readonly T[], slot: number, step: number): T {
  return items[(slot * 5 + step) % items.length]!;
}
