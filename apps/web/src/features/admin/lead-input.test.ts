import { describe, expect, it } from 'vitest';
import { dropIncompleteContacts, keptContactRows } from './lead-input';

const contact = (name: string, email: string, role = '', linkedIn = '') => ({ name, role, email, linkedIn });

describe('dropIncompleteContacts', () => {
  it('keeps contacts with a name (the email may be unknown), trimmed', () => {
    const contacts = [
      contact(' Ada ', ' ada@acme.example ', ' CEO ', ' https://www.linkedin.com/in/ada '),
      contact('No Email', '', 'CTO'),
      contact('', 'nobody@acme.example'),
      contact('   ', '   '),
      contact('Bob', 'bob@acme.example'),
    ];
    expect(dropIncompleteContacts(contacts)).toEqual([
      { name: 'Ada', role: 'CEO', email: 'ada@acme.example', linkedIn: 'https://www.linkedin.com/in/ada' },
      // Public filings name people, not addresses (decision 023).
      { name: 'No Email', role: 'CTO', email: null, linkedIn: '' },
      { name: 'Bob', role: '', email: 'bob@acme.example', linkedIn: '' },
    ]);
  });

  it('returns nothing when no row is complete', () => {
    expect(dropIncompleteContacts([contact('', '')])).toEqual([]);
  });

  it('names the form row each kept contact came from', () => {
    expect(keptContactRows([contact('', ''), contact('Ada', 'a@x.example'), contact('Only name', ''), contact('Bob', 'b@x.example')])).toEqual([1, 2, 3]);
  });
});
