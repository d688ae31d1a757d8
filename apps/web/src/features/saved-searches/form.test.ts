import { describe, expect, it } from 'vitest';
import { savedSearchFormSchema } from './form';

const base = { name: 'Fintech A', email: 'off', slackWebhookUrl: '', webhookUrl: '' } as const;

describe('the saved search form', () => {
  it("takes a connected CRM for new matches, or 'none'", () => {
    expect(savedSearchFormSchema.parse({ ...base, crm: 'hubspot' }).crm).toBe('hubspot');
    expect(savedSearchFormSchema.parse({ ...base, crm: 'pipedrive' }).crm).toBe('pipedrive');
    expect(savedSearchFormSchema.parse({ ...base, crm: 'none' }).crm).toBe('none');
  });

  it('refuses a CRM the server does not know', () => {
    expect(savedSearchFormSchema.safeParse({ ...base, crm: 'salesforce' }).success).toBe(false);
    expect(savedSearchFormSchema.safeParse({ ...base }).success).toBe(false);
  });
});
