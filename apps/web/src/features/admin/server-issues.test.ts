import { describe, expect, it } from 'vitest';
import { sortServerIssues } from './server-issues';

describe('sortServerIssues', () => {
  it('puts each issue on its field, as a sentence, and keeps the rest', () => {
    const body = {
      error: 'Invalid lead',
      issues: [
        { path: 'domain', message: 'must be a domain such as acme.com' },
        { path: 'contacts.0.email', message: 'must be an email address' },
        { path: 'tags.0', message: 'is too long' },
      ],
    };
    expect(sortServerIssues(body, [2])).toEqual({
      fields: [
        { field: 'domain', message: 'Must be a domain such as acme.com' },
        { field: 'contacts.2.email', message: 'Must be an email address' },
      ],
      other: ['tags.0: is too long'],
    });
  });

  it('accepts paths given as arrays', () => {
    const body = { error: 'Invalid lead', issues: [{ path: ['contacts', 0, 'name'], message: 'is required' }] };
    expect(sortServerIssues(body, [0])?.fields).toEqual([{ field: 'contacts.0.name', message: 'Is required' }]);
  });

  it('is null for a body without issues (a 409, a 500)', () => {
    expect(sortServerIssues({ error: 'A lead with this domain, round and date already exists' }, [])).toBeNull();
    expect(sortServerIssues(undefined, [])).toBeNull();
    expect(sortServerIssues({ error: 'x', issues: [] }, [])).toBeNull();
  });
});
