import type { MailMessage } from '../transport.js';
import { oneLinkMail } from './layout.js';

export function verifyEmailMail(options: { to: string; url: string }): MailMessage {
  return oneLinkMail({
    ...options,
    subject: 'Confirm your Fundwire email address',
    title: 'Confirm your email address',
    intro: 'Confirm that this address is yours with the link below. The admin address gets its admin access once it is confirmed.',
    outro: 'The link expires in 24 hours. If you did not sign up for Fundwire, ignore this mail.',
    label: 'Confirm my email',
  });
}
