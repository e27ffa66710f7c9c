import type { z } from "zod";
import { AppError } from "../errors.ts";

/** The path of the first string in a JSON value that holds a NUL character, or null. */
function nulPath(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = key.includes("\u0000") ? [...path, key] : nulPath(inner, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * Parses a request body with zod; a failure is a 400 that names every bad field. A NUL character in any
 * string is refused first: PostgreSQL's text cannot hold one, so it would otherwise end as a 500.
 */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const nul = nulPath(body);
  if (nul) {
    const message = "Text cannot contain a NUL character.";
    throw new AppError("validation_failed", `Invalid ${nul.join(".") || "body"}: ${message}`, [
      { path: nul.join("."), message },
    ]);
  }
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const details = result.error.issues.map((issue) => ({
    path: issue.path.join("."),
    message: issue.message,
  }));
  throw new AppError(
    "validation_failed",
    `Invalid ${details[0]!.path || "body"}: ${details[0]!.message}`,
    details,
  );
}
