/** @jsxRuntime automatic @jsxImportSource react */
// Sent once to a saved search's owner when its webhook endpoint is switched off (410 Gone, or a day of failures).
import { Button, Heading, Link, Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { MailMessage } from '../transport.js';
import { colors, EmailLayout } from './email-layout.js';

export interface WebhookDisabledMail {
  to: string;
  appUrl: string;
  savedSearchName: string;
  webhookUrl: string;
  reason: string;
  /** Where the owner fixes the URL and turns it back on (the saved searches page). */
  manageUrl: string;
}

export function webhookDisabledSubject(name: string): string {
  return `Webhook alerts for “${name}” are paused`;
}

export function WebhookDisabledEmail(props: WebhookDisabledMail) {
  return (
    <EmailLayout
      preview={`We stopped sending webhook alerts for ${props.savedSearchName}`}
      appUrl={props.appUrl}
      reason="You receive this because you set a webhook on a Fundwire saved search."
    >
      <Heading as="h1" style={{ fontSize: 22, margin: '20px 0 8px' }}>
        Webhook alerts paused
      </Heading>
      <Text style={{ fontSize: 15 }}>
        We stopped sending webhook alerts for your saved search <strong>{props.savedSearchName}</strong> to{' '}
        <code style={{ fontSize: 13 }}>{props.webhookUrl}</code>.
      </Text>
      <Text style={{ fontSize: 15 }}>{props.reason}</Text>
      <Text style={{ fontSize: 15 }}>
        Your email and Slack alerts are not affected. Once the endpoint works again, send a test event from your saved searches (or set a new URL): when it is
        delivered, webhook alerts resume.
      </Text>
      <Button href={props.manageUrl} style={{ backgroundColor: colors.accent, color: '#ffffff', padding: '12px 20px', borderRadius: 6, fontWeight: 600 }}>
        Open saved searches
      </Button>
      <Text style={{ fontSize: 13, color: colors.muted }}>
        If the button does not work, paste this link into your browser: <Link href={props.manageUrl}>{props.manageUrl}</Link>
      </Text>
    </EmailLayout>
  );
}

export async function webhookDisabledMail(props: WebhookDisabledMail): Promise<MailMessage> {
  return {
    to: props.to,
    subject: webhookDisabledSubject(props.savedSearchName),
    text:
      `We stopped sending webhook alerts for your saved search "${props.savedSearchName}" to ${props.webhookUrl}.\n\n${props.reason}\n\n` +
      `Your email and Slack alerts are not affected. Once the endpoint works again, send a test event from your saved searches (or set a new URL): when it is delivered, webhook alerts resume.\n\n${props.manageUrl}\n`,
    html: await render(<WebhookDisabledEmail {...props} />),
  };
}
