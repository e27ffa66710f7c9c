import { useEffect } from "react";

/** AppLayout's sticky header (h-16), what a line must clear when the player is not sticky (small screens). */
const HEADER_PX = 64;
/** Room between the player (or the bottom bar) and the line brought into view. */
const GAP_PX = 12;

/**
 * Keeps the line being edited clear of the sticky player and the fixed bottom bar: the page's scroll
 * padding is set to what they cover, so focusing a line (Tab, a new segment, a click) scrolls it into the
 * free part of the window; typing into a line that was scrolled under the player brings it out again.
 */
export function usePlayerClearance(video: HTMLElement | null, bar: HTMLElement | null) {
  useEffect(() => {
    if (!video) return;
    const root = document.documentElement;
    let top = HEADER_PX + GAP_PX;
    let bottom = GAP_PX;
    const measure = () => {
      const style = getComputedStyle(video);
      top =
        (style.position === "sticky" ? Number.parseFloat(style.top) + video.offsetHeight : HEADER_PX) +
        GAP_PX;
      bottom = (bar?.offsetHeight ?? 0) + GAP_PX;
      root.style.scrollPaddingTop = `${top}px`;
      root.style.scrollPaddingBottom = `${bottom}px`;
    };
    const reveal = (e: Event) => {
      const field = e.target as HTMLElement;
      if (!field.matches("textarea, input")) return;
      const r = field.getBoundingClientRect();
      if (r.top < top || r.bottom > window.innerHeight - bottom) field.scrollIntoView({ block: "nearest" });
    };
    measure();
    const sizes = new ResizeObserver(measure);
    sizes.observe(video);
    if (bar) sizes.observe(bar);
    window.addEventListener("resize", measure);
    document.addEventListener("input", reveal);
    return () => {
      sizes.disconnect();
      window.removeEventListener("resize", measure);
      document.removeEventListener("input", reveal);
      root.style.scrollPaddingTop = "";
      root.style.scrollPaddingBottom = "";
    };
  }, [video, bar]);
}
