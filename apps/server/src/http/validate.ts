import type { z } from "zod";
import { AppError } from "../errors.ts";

/** Parses a request body with zod; a failure is a 400 that names every bad field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
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
