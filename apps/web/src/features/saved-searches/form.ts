// The Save search / Edit form's rules: the server's own limits (packages/shared saved-searches.ts), said in plain words.
import { CRMS, SAVED_SEARCH_EMAIL_MODES, SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_URL_MAX } from '@fundwire/shared';
import { z } from 'zod';

const optionalUrl = (what: string) =>
  z
    .string()
    .trim()
    .max(SAVED_SEARCH_URL_MAX, `The ${what} must be at most ${SAVED_SEARCH_URL_MAX} characters`)
    .refine((value) => {
      if (value === '') return true;
      try {
        const url = new URL(value);
        return url.protocol === 'http:' || url.protocol === 'https:';
      } catch {
        return false;
      }
    }, `Enter the ${what} as an http(s) address, or leave it empty`);

export const savedSearchFormSchema = z.object({
  name: z.string().trim().min(1, 'Name the search').max(SAVED_SEARCH_NAME_MAX, `The name must be at most ${SAVED_SEARCH_NAME_MAX} characters`),
  email: z.enum(SAVED_SEARCH_EMAIL_MODES),
  slackWebhookUrl: optionalUrl('Slack webhook URL'),
  webhookUrl: optionalUrl('webhook URL'),
  /** The CRM new matches are sent to; 'none' sends them nowhere. */
  crm: z.enum(['none', ...CRMS]),
});
export type SavedSearchFormValues = z.infer<typeof savedSearchFormSchema>;

export const EMAIL_MODE_LABELS = {
  off: 'Off',
  instant: 'Instantly (within 5 minutes)',
  daily: 'Daily digest',
  weekly: 'Weekly digest',
} as const satisfies Record<(typeof SAVED_SEARCH_EMAIL_MODES)[number], string>;
