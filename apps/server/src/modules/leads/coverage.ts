// Enrichment coverage for the admin's sources screen (issue 31): of the leads added in the last 30 days, by source,
// how many have a website, an email (not bounced) and a verified email.
import type { EnrichmentCoverage } from '@fundwire/shared';
import type { RawQuery } from '../../db/client.js';

export async function enrichmentCoverage(query: RawQuery, days = 30): Promise<EnrichmentCoverage[]> {
  const result = await query(
    `select l.source, count(*)::int as leads,
            count(*) filter (where l.domain <> '')::int as with_website,
            count(*) filter (where exists (select 1 from contacts c where c.lead_id = l.id and c.email <> '' and c.email_status is distinct from 'bounced'))::int as with_email,
            count(*) filter (where exists (select 1 from contacts c where c.lead_id = l.id and c.email_status = 'verified'))::int as with_verified
       from leads l
      where l.created_at > now() - ($1::int * interval '1 day')
      group by l.source
      order by count(*) desc, l.source`,
    [days],
  );
  return result.rows.map((row) => ({
    source: String(row.source),
    leads: Number(row.leads),
    withWebsite: Number(row.with_website),
    withEmail: Number(row.with_email),
    withVerifiedEmail: Number(row.with_verified),
  }));
}
