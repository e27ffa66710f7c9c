// Where the router keeps each history entry's scroll position (ScrollRestoration's storageKey). The landing
// page shows before the router exists (main.tsx), so the router never saw it scrolled: leaving it, it files
// its own position there under a key of its own, and Back then returns to it through the router.
export const SCROLL_POSITIONS_KEY = "dub-scroll-positions";
const LANDING_ENTRY_KEY = "landing";

/** Marks the current (landing) history entry and files its scroll position for the router to restore. */
export function rememberLandingScroll(): void {
  // the router's own entry shape ({usr, key, idx}): it reads `key` to find the position again
  window.history.replaceState({ usr: null, key: LANDING_ENTRY_KEY, idx: 0 }, "");
  try {
    const saved = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? "{}") as Record<string, number>;
    saved[LANDING_ENTRY_KEY] = window.scrollY;
    sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(saved));
  } catch {
    // storage refused (private mode, quota): Back then opens the landing page at its top
  }
}
