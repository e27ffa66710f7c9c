/** Sends the chosen languages one at a time, in the order chosen; stops at the first failure. */
export async function translateInOrder(
  languages: readonly string[],
  send: (language: string) => Promise<unknown>,
  onStart: (language: string, index: number) => void = () => {},
): Promise<{ done: string[]; failed: { language: string; error: unknown } | null }> {
  const done: string[] = [];
  for (const [i, language] of languages.entries()) {
    onStart(language, i);
    try {
      await send(language);
      done.push(language);
    } catch (error) {
      return { done, failed: { language, error } };
    }
  }
  return { done, failed: null };
}
