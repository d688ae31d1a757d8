import { describe, expect, it } from 'vitest';
import { CONFIRM_LINK_TTL_MS, MailLinkSigner, recipientLinks, unsubscribeHeaders } from './signed-links.js';

describe('signed mail links', () => {
  const signer = new MailLinkSigner('secret-one');

  it('round-trips purpose and subject', () => {
    const token = signer.sign('manage', { kind: 'alerts', userId: 'user-1' });
    expect(signer.verify(token)).toEqual({ purpose: 'manage', subject: { kind: 'alerts', userId: 'user-1' } });
    const confirm = signer.sign('confirm', { kind: 'newsletter', subscriberId: 'abc' });
    expect(signer.verify(confirm)).toEqual({ purpose: 'confirm', subject: { kind: 'newsletter', subscriberId: 'abc' } });
  });

  it('refuses another secret, a changed payload, and garbage', () => {
    const token = signer.sign('manage', { kind: 'newsletter', subscriberId: 'abc' });
    expect(new MailLinkSigner('secret-two').verify(token)).toBeNull();
    const [payload, mac] = token.split('.');
    const other = Buffer.from(Buffer.from(payload!, 'base64url').toString().replace('abc', 'abd')).toString('base64url');
    expect(signer.verify(`${other}.${mac}`)).toBeNull();
    expect(signer.verify('nonsense')).toBeNull();
    expect(signer.verify(`${token}.extra`)).toBeNull();
  });

  it('confirmation links expire after a week; manage links do not', () => {
    const issued = Date.UTC(2026, 0, 1);
    const confirm = signer.sign('confirm', { kind: 'newsletter', subscriberId: 'abc' }, issued);
    expect(signer.verify(confirm, issued + CONFIRM_LINK_TTL_MS - 1)).not.toBeNull();
    expect(signer.verify(confirm, issued + CONFIRM_LINK_TTL_MS + 1)).toBeNull();
    const manage = signer.sign('manage', { kind: 'newsletter', subscriberId: 'abc' }, issued);
    expect(signer.verify(manage, issued + 10 * 365 * 86_400_000)).not.toBeNull();
  });

  it('builds RFC 8058 headers pointing at the one-click endpoint', () => {
    const links = recipientLinks('https://fundwire.example', signer, { kind: 'newsletter', subscriberId: 'abc' });
    expect(unsubscribeHeaders(links)).toEqual({
      'List-Unsubscribe': `<${links.oneClick}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    expect(links.oneClick.startsWith('https://fundwire.example/api/unsubscribe?token=')).toBe(true);
  });
});
