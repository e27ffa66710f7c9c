/**
 * A value made on first use and kept: for the libraries only some sign-in methods need (password
 * strength, wallets, passkeys, phone numbers, SMTP), so a server that never uses them never loads them.
 * A failed load is tried again on the next use.
 */
export function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => {
    value ??= make().catch((error: unknown) => {
      value = undefined;
      throw error;
    });
    return value;
  };
}
