import { describe, expect, it } from 'vitest';
import { startupMessages } from './startup-messages.js';

const base = { appUrl: 'http://localhost:3000', env: 'development' as const, smtpUrl: undefined, adminEmail: 'admin@example.com' };

describe('startupMessages', () => {
  it('points a development machine without SMTP at the mailbox, and says who becomes admin', () => {
    const messages = startupMessages(base, 'pglite');
    expect(messages[0]).toBe('Fundwire is ready at http://localhost:3000 (database: pglite)');
    expect(messages.join('\n')).toContain('http://localhost:3000/dev/mailbox');
    expect(messages.join('\n')).toContain('admin@example.com');
  });
  it('prints no mailbox with SMTP, or in production', () => {
    expect(startupMessages({ ...base, smtpUrl: 'smtp://mail:25' }, 'postgres').join('\n')).not.toContain('/dev/mailbox');
    expect(startupMessages({ ...base, env: 'production' }, 'postgres').join('\n')).not.toContain('/dev/mailbox');
  });
});
