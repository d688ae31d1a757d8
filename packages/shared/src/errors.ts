import { z } from 'zod';

/** Every 4xx/5xx body the API sends. */
export const errorBodySchema = z.object({ error: z.string() });
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const healthResponseSchema = z.object({ status: z.literal('ok') });
