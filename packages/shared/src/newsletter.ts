// Newsletter and alert mail: request and response shapes shared by the API and the web app.
import { z } from 'zod';

export const EMAIL_REQUIRED_MESSAGE = 'Please enter your email address';
export const EMAIL_INVALID_MESSAGE = 'Please enter a valid email address';

export const subscribeEmailRequestSchema = z.object({
  email: z
    .string({ error: EMAIL_REQUIRED_MESSAGE })
    .trim()
    .min(1, EMAIL_REQUIRED_MESSAGE)
    .max(254, EMAIL_INVALID_MESSAGE)
    .pipe(z.email({ error: EMAIL_INVALID_MESSAGE }))
    .transform((email) => email.toLowerCase()),
});
export type SubscribeEmailRequest = z.input<typeof subscribeEmailRequestSchema>;

export const subscribeEmailResponseSchema = z.object({
  alreadySubscribed: z.boolean(),
  /** A repeat sign-up of an address that has not confirmed yet: its confirmation mail was sent again. */
  confirmationResent: z.boolean().optional(),
  message: z.string(),
});
export type SubscribeEmailResponse = z.infer<typeof subscribeEmailResponseSchema>;

export const subscriberPreferencesSchema = z.object({
  weeklyLeads: z.boolean(),
  productUpdates: z.boolean(),
  marketingEmails: z.boolean(),
});
export type SubscriberPreferences = z.infer<typeof subscriberPreferencesSchema>;

export const subscriberSchema = z.object({
  id: z.string(),
  email: z.string(),
  subscribed: z.boolean(),
  /** When the address confirmed its subscription (ISO). */
  subscribedAt: z.string(),
  preferences: subscriberPreferencesSchema,
});
export type Subscriber = z.infer<typeof subscriberSchema>;

/** The admin's subscriber list is read a page at a time. */
export const SUBSCRIBERS_PAGE_SIZE = 50;

export const subscribersQuerySchema = z.object({
  page: z
    .string()
    .trim()
    .regex(/^\d+$/, 'page must be a whole number')
    .transform(Number)
    .pipe(z.number().min(1, 'page must be at least 1').max(100_000, 'page must be at most 100000'))
    .optional()
    .default(1),
  /** Part of an address, matched anywhere in it, case-insensitive. */
  q: z
    .string()
    .trim()
    .max(254, 'q must be at most 254 characters')
    .optional()
    .transform((value) => (value ? value : undefined)),
});
export type SubscribersQuery = z.output<typeof subscribersQuerySchema>;

export const subscribersResponseSchema = z.object({
  /** One page, newest confirmation first. */
  subscribers: z.array(subscriberSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Active subscribers matching q (all of them without q). */
  matchCount: z.number().int(),
  stats: z.object({
    totalSubscribers: z.number().int(),
    /** Leads added since the last weekly send: what the next weekly mail will carry. */
    weeklyLeads: z.number().int(),
    nextSend: z.string(),
    timeZone: z.string(),
  }),
});
export type SubscribersResponse = z.infer<typeof subscribersResponseSchema>;

export const sendWeeklyEmailResponseSchema = z.object({
  stats: z.object({
    /** Mails delivered by this call. */
    successCount: z.number().int(),
    /** Mails of this week's edition that had already gone out before this call. */
    alreadySent: z.number().int(),
    failedCount: z.number().int(),
    /** Still queued when the call returned (the background sender finishes them). */
    pendingCount: z.number().int(),
    edition: z.string(),
  }),
});
export type SendWeeklyEmailResponse = z.infer<typeof sendWeeklyEmailResponseSchema>;

export const ALERT_FREQUENCIES = ['weekly', 'daily', 'off'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const DEFAULT_ALERT_FREQUENCY: AlertFrequency = 'weekly';

export const alertSettingsSchema = z.object({ frequency: z.enum(ALERT_FREQUENCIES, { error: 'Choose weekly, daily or off' }) });
export type AlertSettings = z.infer<typeof alertSettingsSchema>;

export const alertSettingsResponseSchema = alertSettingsSchema.extend({ nextSend: z.string().nullable(), timeZone: z.string() });
export type AlertSettingsResponse = z.infer<typeof alertSettingsResponseSchema>;

/** What a signed mail link (confirm, preferences, unsubscribe) resolves to. */
export const emailPreferencesResponseSchema = z.object({
  email: z.string(),
  /** saved-search: one saved search's email alerts (its unsubscribe link turns only that search's email off). */
  kind: z.enum(['newsletter', 'alerts', 'saved-search']),
  subscribed: z.boolean(),
  /** The saved search's name, for kind saved-search. */
  savedSearchName: z.string().nullable().optional(),
  preferences: subscriberPreferencesSchema.nullable(),
  frequency: z.enum(ALERT_FREQUENCIES).nullable(),
});
export type EmailPreferencesResponse = z.infer<typeof emailPreferencesResponseSchema>;

export const mailTokenSchema = z.object({ token: z.string().min(1, 'The link is incomplete').max(500, 'The link is not valid') });

export const updateEmailPreferencesSchema = mailTokenSchema.extend({
  preferences: subscriberPreferencesSchema.optional(),
  frequency: z.enum(ALERT_FREQUENCIES).optional(),
});
export type UpdateEmailPreferences = z.infer<typeof updateEmailPreferencesSchema>;
