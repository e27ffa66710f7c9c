/** Blog cards show the first 150 characters of a post (PRODUCT.md § Screens). */
const EXCERPT_LENGTH = 150;

/** The first 150 characters plus an ellipsis; a shorter post is shown whole. */
export function excerpt(content: string, length = EXCERPT_LENGTH): string {
  const text = content.replace(/\s+/g, " ").trim();
  return text.length > length ? `${text.slice(0, length)}...` : text;
}
