// What the saved-search matcher reads of the leads in the change outbox (lead_changes, changes.ts): each changed
// lead as it is now, with the list's filterable columns and its "has contacts" flag.
import { sql, type SQL } from 'drizzle-orm';

/**
 * A select of the leads changed by these lead_changes rows, one row per change: change_id, changed_at, id and the
 * filterable columns, has_contacts. A change whose lead was deleted since has no row.
 */
export function changedLeadsNow(changeIds: string[]): SQL {
  return sql`select c.id as change_id, c.changed_at, l.id, l.company_name, l.domain, l.industry, l.funding_amount, l.funding_round, l.location,
                   l.funding_date, l.search_vector, l.created_at, exists (select 1 from contacts k where k.lead_id = l.id) as has_contacts
            from lead_changes c join leads l on l.id = c.lead_id where c.id = any(${sql.param(changeIds)}::bigint[])`;
}
