import { SDKUsageError } from "./errors.ts";

/**
 * Client input checks. Each failed check raises an {@link SDKUsageError} whose `reason` reads
 * "<field> must be a string." (or a number, a boolean, an object, an array of strings).
 */
interface Validator {
  string(field: string, value: unknown): Validator;
  optionalString(field: string, value: unknown): Validator;
  number(field: string, value: unknown): Validator;
  optionalNumber(field: string, value: unknown): Validator;
  boolean(field: string, value: unknown): Validator;
  optionalBoolean(field: string, value: unknown): Validator;
  object(field: string, value: unknown): Validator;
  optionalObject(field: string, value: unknown): Validator;
  stringArray(field: string, value: unknown): Validator;
  optionalStringArray(field: string, value: unknown): Validator;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function validate(method: string): Validator {
  const fail = (field: string, what: string): never => {
    throw new SDKUsageError(method, field, `${field} must be ${what}.`);
  };
  const v: Validator = {
    string: (field, value) => (typeof value === "string" ? v : fail(field, "a string")),
    optionalString: (field, value) => (value === undefined ? v : v.string(field, value)),
    number: (field, value) =>
      typeof value === "number" && !Number.isNaN(value) ? v : fail(field, "a number"),
    optionalNumber: (field, value) => (value === undefined ? v : v.number(field, value)),
    boolean: (field, value) => (typeof value === "boolean" ? v : fail(field, "a boolean")),
    optionalBoolean: (field, value) => (value === undefined ? v : v.boolean(field, value)),
    object: (field, value) => (isPlainObject(value) ? v : fail(field, "an object")),
    optionalObject: (field, value) => (value === undefined ? v : v.object(field, value)),
    stringArray: (field, value) =>
      Array.isArray(value) && value.every((x) => typeof x === "string")
        ? v
        : fail(field, "an array of strings"),
    optionalStringArray: (field, value) => (value === undefined ? v : v.stringArray(field, value)),
  };
  return v;
}
