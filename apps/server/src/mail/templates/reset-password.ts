import type { MailMessage } from '../transport.js';
import { oneLinkMail } from './layout.js';

export function resetPasswordMail(options: { to: string; url: string }): MailMessage {
  return oneLinkMail({
    ...options,
    subject: 'Reset your Fundwire password',
    title: 'Reset your password',
    intro: 'Someone asked to reset the password of your Fundwire account. If it was you, choose a new password with the link below.',
    outro: 'The link works once and expires in one hour. If you did not ask for this, ignore this mail: your password stays as it is.',
    label: 'Choose a new password',
  });
}
