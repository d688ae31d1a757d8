// The lead table's cells that take more than a value: the company's name (a link to its page where there is one)
// and the contacts, as a count with the first contact; and the data attributes every row carries.
import { Link } from 'react-router';
import { companyPath } from '@/config/paths';
import { cn } from '@/lib/utils';
import type { TableLead } from './lead-table-types';

/** Marks a row (table or list) with its lead, and as new since the previous visit. */
export function leadRowData(lead: { id: string }, fresh: boolean) {
  return { 'data-lead-id': lead.id, 'data-new': fresh || undefined };
}

/** "3 · Robin Example, CEO": how many contacts, and the first one. */
export function contactsSummary(contacts: TableLead['contacts']): string {
  const first = contacts[0];
  if (!first) return 'None';
  const who = [first.name, first.role].filter((part) => part.trim() !== '').join(', ');
  return `${contacts.length} · ${who}`;
}

/** two-lines: the role under the name; one-line: "3 · Name, Role" cut to the column; name: wrapped, without the role. */
export function ContactsCell({ contacts, layout }: { contacts: TableLead['contacts']; layout: 'two-lines' | 'one-line' | 'name' }) {
  const first = contacts[0];
  if (!first) return <span className="text-muted-foreground">None</span>;
  const clip = layout === 'name' ? 'break-words' : 'truncate';
  return (
    <span title={contactsSummary(contacts)} className="block min-w-0">
      <span className={cn('block', clip)}>
        <span className="tabular-nums">{contacts.length}</span> · {first.name}
        {layout === 'one-line' && first.role && <span className="text-muted-foreground">, {first.role}</span>}
      </span>
      {layout === 'two-lines' && first.role && <span className={cn('block text-xs text-muted-foreground', clip)}>{first.role}</span>}
    </span>
  );
}

export function CompanyName({ lead, link }: { lead: TableLead; link: boolean }) {
  return (
    <span data-testid="row-company" className="font-medium break-words">
      {link && lead.companyId ? (
        <Link to={companyPath(lead.companyId)} data-testid="lead-company-link" className="rounded-sm underline-offset-4 hover:text-primary hover:underline">
          {lead.companyName}
        </Link>
      ) : (
        lead.companyName
      )}
    </span>
  );
}
