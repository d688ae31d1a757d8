/** @jsxRuntime automatic @jsxImportSource react */
// A saved search's alert mail (issue 16): names the search, lists its new leads with their contacts, links to the
// search in the archive, and carries that search's own one-click unsubscribe.
import { Button, Link, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { Lead, SavedSearchFilter } from '@fundwire/shared';
import { LeadBlock } from './digest.js';
import { colors, EmailLayout, MailTitle } from './email-layout.js';

export interface SavedSearchAlertProps {
  appUrl: string;
  savedSearch: { id: string; name: string; filter: SavedSearchFilter };
  cadence: 'instant' | 'daily' | 'weekly';
  leads: Lead[];
  /** This search's unsubscribe page (one click), and where its alerts are managed. */
  footer: { unsubscribe: string; preferences: string };
}

/** The archive opened on the saved search: /historical?savedSearch=<id> and its filters as the list's URL parameters. */
export function savedSearchUrl(appUrl: string, savedSearch: { id: string; filter: SavedSearchFilter }): string {
  const params = new URLSearchParams({ savedSearch: savedSearch.id });
  for (const [key, value] of Object.entries(savedSearch.filter)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.set(key, String(value));
  }
  return `${appUrl}/historical?${params.toString()}`;
}

export function savedSearchAlertSubject(props: Pick<SavedSearchAlertProps, 'savedSearch' | 'leads'>): string {
  const count = props.leads.length;
  return `${count} new lead${count === 1 ? '' : 's'} for “${props.savedSearch.name}”`;
}

export function SavedSearchAlertEmail(props: SavedSearchAlertProps) {
  const title = savedSearchAlertSubject(props);
  const link = savedSearchUrl(props.appUrl, props.savedSearch);
  const when = props.cadence === 'instant' ? 'as they arrive' : props.cadence === 'daily' ? 'once a day' : 'once a week';
  return (
    <EmailLayout
      preview={title}
      appUrl={props.appUrl}
      footer={props.footer}
      reason={`You receive this because your saved search “${props.savedSearch.name}” sends new matches by email ${when}.`}
    >
      <MailTitle>{title}</MailTitle>
      <Text style={{ fontSize: 14, color: colors.muted, margin: '0 0 12px' }}>
        New rounds that match your saved search <Link href={link}>{props.savedSearch.name}</Link>, with the people to contact.
      </Text>
      {props.leads.map((lead) => (
        <LeadBlock key={lead.id} lead={lead} withContacts />
      ))}
      <Button
        href={link}
        style={{ backgroundColor: colors.accent, color: '#ffffff', padding: '10px 18px', borderRadius: 6, fontWeight: 600, fontSize: 14, marginTop: 16 }}
      >
        Open the saved search
      </Button>
    </EmailLayout>
  );
}

export async function renderSavedSearchAlert(props: SavedSearchAlertProps): Promise<{ subject: string; html: string; text: string }> {
  const element = <SavedSearchAlertEmail {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: savedSearchAlertSubject(props), html, text };
}
