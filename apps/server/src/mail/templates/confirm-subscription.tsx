/** @jsxRuntime automatic @jsxImportSource react */
// Double opt-in: the newsletter starts only after the address owner clicks this mail's link.
import { Text } from '@react-email/components';
import { render } from '@react-email/render';
import { ActionButton, colors, EmailLayout, MailTitle, type FooterLinks } from './email-layout.js';

export interface ConfirmSubscriptionProps {
  appUrl: string;
  confirmUrl: string;
  footer: FooterLinks;
}

export const CONFIRM_SUBJECT = 'Confirm your Fundwire newsletter subscription';

export function ConfirmSubscriptionEmail(props: ConfirmSubscriptionProps) {
  return (
    <EmailLayout
      preview="One click to start the weekly funding-round newsletter"
      appUrl={props.appUrl}
      footer={props.footer}
      reason="You receive this because someone entered this address on fundwire. If it was not you, ignore it: nothing more will be sent."
    >
      <MailTitle>Confirm your subscription</MailTitle>
      <Text style={{ fontSize: 15 }}>
        Click below to get the Fundwire newsletter: every Monday, the startups that just raised money, their round and amount.
      </Text>
      <ActionButton href={props.confirmUrl}>Confirm subscription</ActionButton>
      <Text style={{ fontSize: 13, color: colors.muted }}>Ready for the contacts too? Create an account and start a free trial at {props.appUrl}/signup.</Text>
    </EmailLayout>
  );
}

export async function renderConfirmSubscription(props: ConfirmSubscriptionProps): Promise<{ subject: string; html: string; text: string }> {
  const element = <ConfirmSubscriptionEmail {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: CONFIRM_SUBJECT, html, text };
}
