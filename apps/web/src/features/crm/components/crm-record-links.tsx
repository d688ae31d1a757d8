// "In HubSpot" / "In Pipedrive": a lead (or a company's rounds) already pushed, each a link to the record in the CRM.
import { CRM_LABELS, type CrmRecord } from '@fundwire/shared';
import { ExternalLink } from 'lucide-react';
import { cn } from '@/lib/utils';
import { useCrmScreen } from './crm-provider';

/** One lead's records. */
export function CrmRecordLinks({ leadId, subject, className }: { leadId: string; subject: string; className?: string }) {
  const crm = useCrmScreen();
  const records = crm?.recordsFor(leadId) ?? [];
  return <RecordLinks records={records} subject={subject} className={className} />;
}

/** A company's records, across its rounds: one link per CRM, the latest push's. */
export function CompanyCrmRecordLinks({ leadIds, subject, className }: { leadIds: readonly string[]; subject: string; className?: string }) {
  const crm = useCrmScreen();
  const latest = new Map<string, CrmRecord>();
  for (const id of leadIds) {
    for (const record of crm?.recordsFor(id) ?? []) {
      const known = latest.get(record.crm);
      if (!known || known.pushedAt < record.pushedAt) latest.set(record.crm, record);
    }
  }
  return <RecordLinks records={[...latest.values()]} subject={subject} className={className} />;
}

function RecordLinks({ records, subject, className }: { records: readonly CrmRecord[]; subject: string; className?: string }) {
  if (records.length === 0) return null;
  return (
    <span className={cn('inline-flex flex-wrap gap-1.5', className)}>
      {records.map((record) => (
        <a
          key={record.crm}
          href={record.crmCompanyUrl}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="crm-record-link"
          data-crm={record.crm}
          className="inline-flex w-fit items-center gap-1 rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-green-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          In {CRM_LABELS[record.crm]}
          <ExternalLink aria-hidden="true" className="size-3" />
          <span className="sr-only">
            : open {subject} in {CRM_LABELS[record.crm]} (opens in a new tab)
          </span>
        </a>
      ))}
    </span>
  );
}
