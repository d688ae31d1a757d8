// The saved search's CRM channel (issue 32): send its new matches to a connected HubSpot or Pipedrive, once per lead.
// Only connected CRMs are offered, plus the one already chosen if it was disconnected since (said so).
import { CRM_LABELS, type Crm } from '@fundwire/shared';
import type { ComponentProps } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { FieldFrame } from '@/components/ui/form-field';
import { Select } from '@/components/ui/select';

export type CrmChannelFieldProps = ComponentProps<'select'> & {
  /** Connected CRMs. */
  choices: readonly Crm[];
  /** What the search has now. */
  current: Crm | null;
  error?: string | undefined;
};

export function CrmChannelField({ choices, current, error, ...selectProps }: CrmChannelFieldProps) {
  const options = current && !choices.includes(current) ? [...choices, current] : choices;
  if (options.length === 0) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="saved-search-crm-connect">
        New matches can also go straight to HubSpot or Pipedrive:{' '}
        <Link to={paths.integrations} className="font-medium text-primary underline-offset-4 hover:underline">
          connect a CRM
        </Link>{' '}
        first.
      </p>
    );
  }
  return (
    <FieldFrame label="Send new matches to a CRM" error={error} hint="Each new matching lead is sent once: its company, contacts and a note for the round.">
      {(control) => (
        <Select {...control} {...selectProps}>
          <option value="none">Don&apos;t send</option>
          {options.map((crm) => (
            <option key={crm} value={crm}>
              {choices.includes(crm) ? CRM_LABELS[crm] : `${CRM_LABELS[crm]} (not connected: nothing is sent)`}
            </option>
          ))}
        </Select>
      )}
    </FieldFrame>
  );
}
