/** @jsxRuntime automatic @jsxImportSource react */
// The frame every mail shares (React Email): brand, content, and a footer; newsletter and alert mails
// carry the preferences and unsubscribe links there.
import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import type { ReactNode } from 'react';

export const colors = { text: '#0f172a', muted: '#64748b', border: '#e2e8f0', accent: '#4f46e5', soft: '#f8fafc' } as const;

export interface FooterLinks {
  preferences: string;
  unsubscribe: string;
}

/** footer: the preferences and unsubscribe links of newsletter and alert mails; account mails have none. */
export function EmailLayout(props: { preview: string; appUrl: string; footer?: FooterLinks; reason: string; children: ReactNode }) {
  return (
    <Html lang="en">
      <Head />
      <Preview>{props.preview}</Preview>
      <Body
        style={{
          backgroundColor: colors.soft,
          fontFamily: 'system-ui, -apple-system, "Segoe UI", sans-serif',
          color: colors.text,
          margin: 0,
          padding: '24px 0',
        }}
      >
        <Container style={{ maxWidth: 600, backgroundColor: '#ffffff', border: `1px solid ${colors.border}`, borderRadius: 8, padding: '24px 28px' }}>
          <Link href={props.appUrl} style={{ fontWeight: 700, fontSize: 18, color: colors.text, textDecoration: 'none' }}>
            Fundwire
          </Link>
          {props.children}
          <Hr style={{ borderColor: colors.border, margin: '28px 0 16px' }} />
          <Section>
            <Text style={{ color: colors.muted, fontSize: 12, lineHeight: '18px', margin: 0 }}>
              {props.reason}
              {props.footer && (
                <>
                  {' '}
                  <Link href={props.footer.preferences} style={{ color: colors.muted }}>
                    Email preferences
                  </Link>{' '}
                  ·{' '}
                  <Link href={props.footer.unsubscribe} style={{ color: colors.muted }}>
                    Unsubscribe
                  </Link>
                </>
              )}
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A mail's title, the one h1 under the brand. */
export function MailTitle(props: { children: ReactNode }) {
  return (
    <Heading as="h1" style={{ fontSize: 22, margin: '20px 0 8px' }}>
      {props.children}
    </Heading>
  );
}

/** The mail's one action: a button, and its link in plain text for clients that do not show the button. */
export function ActionButton(props: { href: string; children: ReactNode }) {
  return (
    <>
      <Button href={props.href} style={{ backgroundColor: colors.accent, color: '#ffffff', padding: '12px 20px', borderRadius: 6, fontWeight: 600 }}>
        {props.children}
      </Button>
      <Text style={{ fontSize: 13, color: colors.muted }}>
        If the button does not work, paste this link into your browser: <Link href={props.href}>{props.href}</Link>
      </Text>
    </>
  );
}
