import { describe, expect, it } from 'vitest';
import { webhookDisabledMail } from './webhook-disabled.js';

describe('webhookDisabledMail', () => {
  it('names the saved search, the URL, the reason and links to the saved searches page, in text and HTML', async () => {
    const mail = await webhookDisabledMail({
      to: 'owner@example.com',
      appUrl: 'http://app.test',
      savedSearchName: 'Fintech <A>',
      webhookUrl: 'https://hooks.example.com/in',
      reason: 'The endpoint answered 410 Gone.',
      manageUrl: 'http://app.test/searches',
    });
    expect(mail.to).toBe('owner@example.com');
    expect(mail.subject).toBe('Webhook alerts for “Fintech <A>” are paused');
    for (const part of ['Fintech <A>', 'https://hooks.example.com/in', 'The endpoint answered 410 Gone.', '\nhttp://app.test/searches\n'])
      expect(mail.text).toContain(part);
    expect(mail.html).toContain('Fintech &lt;A&gt;');
    expect(mail.html).toContain('href="http://app.test/searches"');
  });
});
