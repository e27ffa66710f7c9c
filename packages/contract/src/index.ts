export * from "./api-keys.ts";
export * from "./errors.ts";
export * from "./glossary.ts";
export * from "./media.ts";
export * from "./responses.ts";
export * from "./statuses.ts";
export * from "./voices.ts";
export * from "./webhooks.ts";
