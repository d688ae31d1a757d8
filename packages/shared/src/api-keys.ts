// Personal API keys (issue 16): the shapes of /api/api-keys. The secret (`fw_` + 43 base64url characters)
// is in the create answer only; the server keeps its SHA-256.
import { z } from 'zod';

/** Live (not revoked) keys an account may hold at once. */
export const MAX_API_KEYS = 5;
export const API_KEY_NAME_MAX_LENGTH = 100;
/** Requests per account per minute, all its keys and its sessions on /api/v1 together. */
export const API_RATE_LIMIT_PER_MINUTE = 120;

export const apiKeyCreateBodySchema = z.object({
  name: z
    .string({ message: 'Name the key (1 to 100 characters)' })
    .trim()
    .min(1, 'Name the key (1 to 100 characters)')
    .max(API_KEY_NAME_MAX_LENGTH, `The name must be at most ${API_KEY_NAME_MAX_LENGTH} characters`)
    .refine((name) => !name.includes('\u0000'), 'The name must not contain NUL characters'),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBodySchema>;

export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The first characters of the secret, to tell keys apart: `fw_AbC1…`. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyCreatedSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The secret, shown this once: send it as `Authorization: Bearer fw_…`. */
  key: z.string(),
  createdAt: z.string(),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedSchema>;

export const apiKeyListResponseSchema = z.object({ apiKeys: z.array(apiKeySchema) });
export type ApiKeyListResponse = z.infer<typeof apiKeyListResponseSchema>;

export const apiKeyParamsSchema = z.object({
  id: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'API key id must be a UUID'),
});
