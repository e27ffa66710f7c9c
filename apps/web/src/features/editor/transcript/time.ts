/**
 * Time fields accept `s`, `m:s` or `h:m:s` (seconds may have decimals); a negative result becomes 0;
 * the value is kept in milliseconds (PRODUCT.md § Input rules).
 */
export function parseTime(input: string): number | null {
  const text = input.trim();
  if (text === "") return null;
  const negative = text.startsWith("-");
  const parts = (negative ? text.slice(1) : text).split(":");
  if (parts.length > 3) return null;
  let seconds = 0;
  for (const [i, part] of parts.entries()) {
    const isLast = i === parts.length - 1;
    const re = isLast ? /^\d+(\.\d+)?$|^\.\d+$/ : /^\d+$/;
    if (!re.test(part.trim())) return null;
    seconds = seconds * 60 + Number(part);
  }
  if (negative) return 0;
  return Math.round(seconds * 1000);
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The editable form of a time: `m:ss.mmm`, or `h:mm:ss.mmm` from one hour on. */
export function formatTime(ms: number): string {
  const total = Math.max(0, Math.round(ms));
  const h = Math.floor(total / 3_600_000);
  const m = Math.floor((total % 3_600_000) / 60_000);
  const s = Math.floor((total % 60_000) / 1000);
  const milli = total % 1000;
  const tail = `${pad(s)}.${pad(milli, 3)}`;
  return h > 0 ? `${h}:${pad(m)}:${tail}` : `${m}:${tail}`;
}

/** A player readout: `m:ss`, or `h:mm:ss` from one hour on. */
export function formatClock(ms: number): string {
  const total = Math.max(0, Math.floor((Number.isFinite(ms) ? ms : 0) / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}
