/** @jsxRuntime automatic @jsxImportSource react */
// Double opt-in: the newsletter starts only after the address owner clicks this mail's link.
import { Button, Heading, Link, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { colors, EmailLayout, type FooterLinks } from './email-layout.js';

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
      <Heading as="h1" style={{ fontSize: 22, margin: '20px 0 8px' }}>
        Confirm your subscription
      </Heading>
      <Text style={{ fontSize: 15 }}>
        Click below to get the Fundwire newsletter: every Monday, the startups that just raised money, their round and amount.
      </Text>
      <Button href={props.confirmUrl} style={{ backgroundColor: colors.accent, color: '#ffffff', padding: '12px 20px', borderRadius: 6, fontWeight: 600 }}>
        Confirm subscription
      </Button>
      <Text style={{ fontSize: 13, color: colors.muted }}>
        If the button does not work, paste this link into your browser: <Link href={props.confirmUrl}>{props.confirmUrl}</Link>
      </Text>
      <Text style={{ fontSize: 13, color: colors.muted }}>Ready for the contacts too? Create an account and start a free trial at {props.appUrl}/signup.</Text>
    </EmailLayout>
  );
}

export async function renderConfirmSubscription(props: ConfirmSubscriptionProps): Promise<{ subject: string; html: string; text: string }> {
  const element = <ConfirmSubscriptionEmail {...props} />;
  const [html, text] = await Promise.all([render(element), render(element, { plainText: true })]);
  return { subject: CONFIRM_SUBJECT, html, text };
}
