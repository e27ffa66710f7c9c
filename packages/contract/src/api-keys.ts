import { z } from "zod";

const API_KEY_SCOPES = ["read", "read+write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A personal API key as the Account page lists it; the key itself is answered once, at creation. */
const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The key's first characters, so keys can be told apart. */
  prefix: z.string(),
  /** The workspace the key acts in (its creator's role there is the key's). */
  workspaceId: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET /api/account/keys. */
export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });
export type ApiKeyList = z.infer<typeof apiKeyListSchema>;

/** POST /api/account/keys: the new key, with its secret shown this once. */
export const createdApiKeySchema = z.object({ key: apiKeySchema, secret: z.string() });
export type CreatedApiKey = z.infer<typeof createdApiKeySchema>;

/** POST /api/account/keys body. */
export const createApiKeySchema = z.object({
  name: z.string().trim().min(1, "Give the key a name").max(100),
  scope: z.enum(API_KEY_SCOPES),
  /** ISO 8601; absent or null: the key does not expire. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
});
