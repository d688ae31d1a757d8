/** @jsxRuntime automatic @jsxImportSource react */
// The digest mail: the weekly free newsletter (companies, rounds, amounts; no contacts; a call to
// subscribe) and the paying subscriber's alert (every new lead with its contacts).
import { Button, Link, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { formatPlanPrice, PLANS, roundText, TRIAL_DAYS, UNDISCLOSED, UNKNOWN, type Contact, type FreeLead } from '@fundwire/shared';
import { colors, EmailLayout, MailTitle, type FooterLinks } from './email-layout.js';

/** A lead as the free sample shows it; alerts add its contacts. */
export type DigestLead = FreeLead & { contacts?: Contact[] };

export interface DigestProps {
  kind: 'newsletter' | 'alerts';
  cadence: 'weekly' | 'daily';
  appUrl: string;
  /** Leads shown in the mail (already limited). */
  leads: DigestLead[];
  /** Every lead in the window, shown or not. */
  totalCount: number;
  footer: FooterLinks;
}

const money = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });

/** Undisclosed amounts say so; they are never $0. */
export function formatMoney(amount: number | null): string {
  return amount === null ? UNDISCLOSED : money.format(amount);
}

function digestTitle(props: Pick<DigestProps, 'kind' | 'cadence' | 'totalCount'>): string {
  const rounds = `${props.totalCount} new funding round${props.totalCount === 1 ? '' : 's'}`;
  if (props.kind === 'newsletter') return `This week on Fundwire: ${rounds}`;
  return props.cadence === 'daily' ? `Your daily Fundwire alert: ${rounds}` : `Your weekly Fundwire alert: ${rounds}`;
}

export function digestSubject(props: Pick<DigestProps, 'kind' | 'cadence' | 'totalCount'>): string {
  return digestTitle(props);
}

export function LeadBlock({ lead, withContacts }: { lead: DigestLead; withContacts: boolean }) {
  return (
    <Section style={{ borderTop: `1px solid ${colors.border}`, padding: '14px 0' }}>
      <Text style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>
        {lead.companyName}{' '}
        {lead.domain ? (
          <Link href={`https://${lead.domain}`} style={{ color: colors.muted, fontWeight: 400, fontSize: 13 }}>
            {lead.domain}
          </Link>
        ) : null}
      </Text>
      <Text style={{ margin: '2px 0 0', fontSize: 14 }}>
        <strong>{formatMoney(lead.fundingAmount)}</strong> {roundText(lead)}
        {lead.roundLabel ? ` (${lead.roundLabel})` : ''} · {lead.industry ?? UNKNOWN} · {lead.location ?? UNKNOWN} · {lead.fundingDate}
      </Text>
      {withContacts ? (
        <>
          <Text style={{ margin: '6px 0 0', fontSize: 13, color: colors.muted }}>{lead.description}</Text>
          {(lead.contacts ?? []).map((contact) => (
            <Text key={contact.email || contact.name} style={{ margin: '4px 0 0', fontSize: 13 }}>
              {contact.name}
              {contact.role ? `, ${contact.role}` : ''}
              {contact.email ? (
                <>
                  {' · '}
                  <Link href={`mailto:${contact.email}`}>{contact.email}</Link>
                </>
              ) : null}
              {contact.linkedIn ? (
                <>
                  {' · '}
                  <Link href={contact.linkedIn}>LinkedIn</Link>
                </>
              ) : null}
            </Text>
          ))}
        </>
      ) : null}
    </Section>
  );
}

export function DigestEmail(props: DigestProps) {
  const title = digestTitle(props);
  const hidden = props.totalCount - props.leads.length;
  const isNewsletter = props.kind === 'newsletter';
  const reason = isNewsletter
    ? 'You receive this because you subscribed to the Fundwire newsletter.'
    : `You receive this ${props.cadence} alert as a Fundwire subscriber.`;
  return (
    <EmailLayout preview={title} appUrl={props.appUrl} footer={props.footer} reason={reason}>
      <MailTitle>{title}</MailTitle>
      <Text style={{ fontSize: 14, color: colors.muted, margin: '0 0 12px' }}>
        {isNewsletter
          ? 'Startups that just raised money: who raised, which round and how much.'
          : 'Every round added since your last alert, with the people to contact.'}
      </Text>
      {props.leads.map((lead) => (
        <LeadBlock key={lead.id} lead={lead} withContacts={!isNewsletter} />
      ))}
      {hidden > 0 ? (
        <Text style={{ fontSize: 14 }}>
          …and {hidden} more. <Link href={`${props.appUrl}${isNewsletter ? '/free-leads' : '/dashboard'}`}>See them all on Fundwire</Link>
        </Text>
      ) : null}
      {isNewsletter ? (
        <Section style={{ backgroundColor: colors.soft, border: `1px solid ${colors.border}`, borderRadius: 8, padding: '16px 20px', marginTop: 16 }}>
          <Text style={{ margin: 0, fontSize: 15, fontWeight: 600 }}>Want the contacts behind these rounds?</Text>
          <Text style={{ margin: '4px 0 12px', fontSize: 14 }}>
            Subscribers get decision-makers' emails and LinkedIn profiles, search, CSV export and daily or weekly alerts, from {formatPlanPrice(PLANS.monthly)}.
            Try it free for {TRIAL_DAYS} days.
          </Text>
          <Button
            href={`${props.appUrl}/pricing`}
            style={{ backgroundColor: colors.accent, color: '#ffffff', padding: '10px 18px', borderRadius: 6, fontWeight: 600, fontSize: 14 }}
          >
            See plans
          </Button>
        </Section>
      ) : (
        <Section style={{ marginTop: 16 }}>
          <Button
            href={`${props.appUrl}/dashboard`}
            style={{ backgroundColor: colors.accent, color: '#ffffff', padding: '10px 18px', borderRadius: 6, fontWeight: 600, fontSize: 14 }}
          >
            Open your dashboard
          </Button>
        </Section>
      )}
    </EmailLayout>
  );
}

export async function renderDigest(props: DigestProps): Promise<{ subject: string; html: string; text: string }> {
  const element = <DigestEmail {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: digestSubject(props), html, text };
}
