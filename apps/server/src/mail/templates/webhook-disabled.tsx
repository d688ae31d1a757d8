/** @jsxRuntime automatic @jsxImportSource react */
// Sent once to a saved search's owner when its webhook endpoint is switched off (410 Gone, or a day of failures).
import { Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { MailMessage } from '../transport.js';
import { ActionButton, EmailLayout, MailTitle } from './email-layout.js';

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
      <MailTitle>Webhook alerts paused</MailTitle>
      <Text style={{ fontSize: 15 }}>
        We stopped sending webhook alerts for your saved search <strong>{props.savedSearchName}</strong> to{' '}
        <code style={{ fontSize: 13 }}>{props.webhookUrl}</code>.
      </Text>
      <Text style={{ fontSize: 15 }}>{props.reason}</Text>
      <Text style={{ fontSize: 15 }}>
        Your email and Slack alerts are not affected. Once the endpoint works again, send a test event from your saved searches (or set a new URL): when it is
        delivered, webhook alerts resume.
      </Text>
      <ActionButton href={props.manageUrl}>Open saved searches</ActionButton>
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
