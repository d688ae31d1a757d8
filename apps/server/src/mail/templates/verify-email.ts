import type { MailMessage } from '../transport.js';
import { mailLayout } from './layout.js';

export function verifyEmailMail(options: { to: string; url: string }): MailMessage {
  const paragraphs = [
    'Confirm that this address is yours with the link below. The admin address gets its admin access once it is confirmed.',
    'The link expires in 24 hours. If you did not sign up for Fundwire, ignore this mail.',
  ];
  return {
    to: options.to,
    subject: 'Confirm your Fundwire email address',
    text: `${paragraphs[0]}\n\n${options.url}\n\n${paragraphs[1]}\n`,
    html: mailLayout({ title: 'Confirm your email address', paragraphs, action: { label: 'Confirm my email', url: options.url } }),
  };
}
