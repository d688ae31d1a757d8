/** @jsxRuntime automatic @jsxImportSource react */
// Account mails with one link (password reset, email verification), in the same React Email frame as the
// newsletter and alerts. They are transactional: no preferences or unsubscribe links.
import { Text } from '@react-email/components';
import { render } from '@react-email/render';
import type { MailMessage } from '../transport.js';
import { ActionButton, colors, EmailLayout, MailTitle } from './email-layout.js';

interface OneLinkMail {
  subject: string;
  preview: string;
  title: string;
  intro: string;
  outro: string;
  label: string;
}

export function OneLinkEmail(props: OneLinkMail & { url: string; appUrl: string }) {
  return (
    <EmailLayout preview={props.preview} appUrl={props.appUrl} reason="You receive this because of an action on your Fundwire account.">
      <MailTitle>{props.title}</MailTitle>
      <Text style={{ fontSize: 15 }}>{props.intro}</Text>
      <ActionButton href={props.url}>{props.label}</ActionButton>
      <Text style={{ fontSize: 13, color: colors.muted }}>{props.outro}</Text>
    </EmailLayout>
  );
}

async function oneLinkMail(mail: OneLinkMail, options: { to: string; url: string; appUrl: string }): Promise<MailMessage> {
  return {
    to: options.to,
    subject: mail.subject,
    // The link alone on its line, so every mail client (and the local outbox) finds it whole.
    text: `${mail.intro}\n\n${options.url}\n\n${mail.outro}\n`,
    html: await render(<OneLinkEmail {...mail} {...options} />),
  };
}

export const RESET_PASSWORD_MAIL: OneLinkMail = {
  subject: 'Reset your Fundwire password',
  preview: 'Choose a new password for your Fundwire account',
  title: 'Reset your password',
  intro: 'Someone asked to reset the password of your Fundwire account. If it was you, choose a new password with the link below.',
  outro: 'The link works once and expires in one hour. If you did not ask for this, ignore this mail: your password stays as it is.',
  label: 'Choose a new password',
};

export const VERIFY_EMAIL_MAIL: OneLinkMail = {
  subject: 'Confirm your Fundwire email address',
  preview: 'Confirm that this address is yours',
  title: 'Confirm your email address',
  intro: 'Confirm that this address is yours with the link below. The admin address gets its admin access once it is confirmed.',
  outro: 'The link expires in 24 hours. If you did not sign up for Fundwire, ignore this mail.',
  label: 'Confirm my email',
};

export function resetPasswordMail(options: { to: string; url: string; appUrl: string }): Promise<MailMessage> {
  return oneLinkMail(RESET_PASSWORD_MAIL, options);
}

export function verifyEmailMail(options: { to: string; url: string; appUrl: string }): Promise<MailMessage> {
  return oneLinkMail(VERIFY_EMAIL_MAIL, options);
}

export const SIGN_IN_LINK_MAIL: OneLinkMail = {
  subject: 'Your Fundwire sign-in link',
  preview: 'Finish signing in to Fundwire with your password',
  title: 'Sign in to Fundwire',
  intro:
    'Someone asked for a sign-in link for your Fundwire account. If it was you, open the link below and enter your password: it signs you in even while password attempts from new places are limited.',
  outro: 'The link works once and expires in 15 minutes. If you did not ask for it, ignore this mail: nobody can use it without your password.',
  label: 'Finish signing in',
};

export function signInLinkMail(options: { to: string; url: string; appUrl: string }): Promise<MailMessage> {
  return oneLinkMail(SIGN_IN_LINK_MAIL, options);
}
