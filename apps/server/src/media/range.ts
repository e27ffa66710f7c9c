type RangeResult = { start: number; end: number } | "unsatisfiable" | null;

/**
 * Parses an HTTP Range header for a file of `size` bytes. Only single ranges are served (what browsers
 * ask of media); a multi-range or malformed header is ignored and the whole file is sent (RFC 9110 §14.2).
 */
export function parseRange(header: string | undefined, size: number): RangeResult {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === "" && last === "") return null;
  if (first === "") {
    const suffix = Number(last);
    if (suffix === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return "unsatisfiable";
  return { start, end };
}
