/**
 * A LIKE pattern that matches `text` anywhere, literally: `%`, `_` and `\` in what an operator typed are
 * characters to find, not wildcards (PostgreSQL's default escape character is the backslash). The pattern
 * is a bound parameter; no SQL is ever built from the text.
 */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The next page's cursor: the time of the last row when the page was full (one more row was read). */
export function pageOf<T>(
  rows: T[],
  limit: number,
  timeOf: (row: T) => Date,
): { rows: T[]; next: string | null } {
  const page = rows.slice(0, limit);
  return { rows: page, next: rows.length > limit ? timeOf(page[page.length - 1]!).toISOString() : null };
}
