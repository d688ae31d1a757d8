// Slack and webhook alert channels (issue 16): the URL rule checked when a saved search is saved, and the
// shapes of the test-event and deliveries routes. The send-time address check lives on the server.
import { z } from 'zod';

/** http(s) only, with a host; private addresses are refused at send time, in production (see the server's channels/ssrf.ts). */
export const webhookUrlSchema = z
  .string()
  .trim()
  .max(2048, 'The URL must be at most 2048 characters.')
  .refine((value) => {
    if (!/^https?:\/\//i.test(value)) return false;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }, 'The URL must start with http:// or https:// and name a host.');

export const DELIVERY_CHANNELS = ['email', 'slack', 'webhook'] as const;
export type DeliveryChannel = (typeof DELIVERY_CHANNELS)[number];
export const DELIVERY_EVENTS = ['leads.matched', 'test'] as const;
export type DeliveryEvent = (typeof DELIVERY_EVENTS)[number];
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'retrying'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
/** The deliveries log shows this many, newest first. */
export const DELIVERIES_SHOWN = 20;

export const deliverySchema = z.object({
  id: z.string(),
  channel: z.enum(DELIVERY_CHANNELS),
  event: z.enum(DELIVERY_EVENTS),
  status: z.enum(DELIVERY_STATUSES),
  attempts: z.number().int(),
  statusCode: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** The last attempt, or when the delivery was queued. */
  at: z.string(),
  error: z.string().nullable(),
});
export type Delivery = z.infer<typeof deliverySchema>;

export const deliveriesResponseSchema = z.object({ deliveries: z.array(deliverySchema) });
export type DeliveriesResponse = z.infer<typeof deliveriesResponseSchema>;

export const testEventResponseSchema = z.object({ deliveryId: z.string() });
export type TestEventResponse = z.infer<typeof testEventResponseSchema>;
