/**
 * At most `size` tasks at once, in the order they asked (a process-wide limit over every queue: pg-boss's
 * own limit is per queue, so a worker would otherwise run that many of each kind at once).
 */
export function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    async run<T>(task: () => Promise<T>): Promise<T> {
      if (free > 0) free -= 1;
      else await new Promise<void>((resolve) => waiting.push(resolve));
      try {
        return await task();
      } finally {
        const next = waiting.shift();
        if (next) next();
        else free += 1;
      }
    },
  };
}
