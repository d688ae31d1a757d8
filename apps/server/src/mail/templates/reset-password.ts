import type { MailMessage } from '../transport.js';
import { mailLayout } from './layout.js';

export function resetPasswordMail(options: { to: string; url: string }): MailMessage {
  const paragraphs = [
    'Someone asked to reset the password of your Fundwire account. If it was you, choose a new password with the link below.',
    'The link works once and expires in one hour. If you did not ask for this, ignore this mail: your password stays as it is.',
  ];
  return {
    to: options.to,
    subject: 'Reset your Fundwire password',
    text: `${paragraphs[0]}\n\n${options.url}\n\n${paragraphs[1]}\n`,
    html: mailLayout({ title: 'Reset your password', paragraphs, action: { label: 'Choose a new password', url: options.url } }),
  };
}
