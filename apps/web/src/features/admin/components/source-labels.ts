// What each lead source is called on the admin's screens.
import type { LeadSource } from '@fundwire/shared';
import { FUNDRAISING_FOX_ATTRIBUTION } from '@/components/leads/lead-provenance';

const SOURCE_LABELS: Record<LeadSource, string> = {
  manual: 'Added by hand',
  batch: 'Batch upload',
  import: 'CSV import',
  'sec-form-d': 'SEC Form D',
  fundraisingfox: FUNDRAISING_FOX_ATTRIBUTION,
};

export function leadSourceLabel(source: LeadSource): string {
  return SOURCE_LABELS[source];
}
