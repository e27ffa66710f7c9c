/**
 * At most `max` of one kind of running work per user on this process (audio streams): `take` answers the
 * release, or null when the user already has `max` running. A release counts once however often called.
 */
export function perUserLimit(max: number) {
  const running = new Map<string, number>();
  return {
    take(userId: string): (() => void) | null {
      const now = running.get(userId) ?? 0;
      if (now >= max) return null;
      running.set(userId, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (running.get(userId) ?? 1) - 1;
        if (left > 0) running.set(userId, left);
        else running.delete(userId);
      };
    },
  };
}
