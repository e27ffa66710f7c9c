/** The project list search: case-insensitive substring of the title (PRODUCT.md § Screens). */
export function filterByTitle<T extends { title: string }>(items: readonly T[], term: string): T[] {
  const needle = term.trim().toLocaleLowerCase();
  if (!needle) return [...items];
  return items.filter((p) => p.title.toLocaleLowerCase().includes(needle));
}
