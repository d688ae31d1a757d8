import { leadInputSchema, MAX_BATCH_LEADS } from '@fundwire/shared';
import { describe, expect, it } from 'vitest';
import { describeBatchRows, parseBatchJson, prepareBatchLead, sampleBatchText } from './batch';

describe('parseBatchJson', () => {
  it('takes a JSON array of leads', () => {
    expect(parseBatchJson('[{"companyName":"Acme"},{"companyName":"Beta"}]')).toEqual({
      ok: true,
      leads: [{ companyName: 'Acme' }, { companyName: 'Beta' }],
    });
  });

  it('takes the request body’s own shape, {leads: [...]}', () => {
    expect(parseBatchJson('{"leads":[{"companyName":"Acme"}]}')).toEqual({ ok: true, leads: [{ companyName: 'Acme' }] });
  });

  it('refuses text that is not JSON', () => {
    expect(parseBatchJson('')).toEqual({ ok: false, reason: 'not-json' });
    expect(parseBatchJson('[{companyName: "Acme"}]')).toEqual({ ok: false, reason: 'not-json' });
    expect(parseBatchJson('[{"companyName":"Acme"},]')).toEqual({ ok: false, reason: 'not-json' });
  });

  it('refuses JSON that is not an array of lead objects', () => {
    for (const text of ['{"companyName":"Acme"}', '"Acme"', '42', 'null', '[1, 2]', '[{"companyName":"Acme"}, null]', '[["Acme"]]', '{"leads": {}}']) {
      expect(parseBatchJson(text), text).toEqual({ ok: false, reason: 'not-leads' });
    }
  });

  it('refuses an empty array and more than the server takes', () => {
    expect(parseBatchJson('[]')).toEqual({ ok: false, reason: 'empty' });
    const tooMany = JSON.stringify(Array.from({ length: MAX_BATCH_LEADS + 1 }, () => ({})));
    expect(parseBatchJson(tooMany)).toEqual({ ok: false, reason: 'too-many', count: MAX_BATCH_LEADS + 1 });
    const allowed = JSON.stringify(Array.from({ length: MAX_BATCH_LEADS }, () => ({})));
    expect(parseBatchJson(allowed).ok).toBe(true);
  });
});

describe('prepareBatchLead', () => {
  it('drops contacts without a name, as the form does; a contact without an email stays', () => {
    const lead = {
      companyName: 'Acme',
      contacts: [
        { name: 'Ada', role: 'CEO', email: 'ada@acme.example', linkedIn: '' },
        { name: 'No Email', role: 'CTO', email: '', linkedIn: '' },
        { name: ' ', role: '', email: 'x@acme.example', linkedIn: '' },
      ],
    };
    expect(prepareBatchLead(lead)).toEqual({ companyName: 'Acme', contacts: [lead.contacts[0], lead.contacts[1]] });
  });

  it('leaves anything unexpected for the server to report', () => {
    expect(prepareBatchLead({ companyName: 'Acme' })).toEqual({ companyName: 'Acme' });
    expect(prepareBatchLead({ contacts: 'nope' })).toEqual({ contacts: 'nope' });
    expect(prepareBatchLead({ contacts: ['Ada', { name: 1, email: 'a@b.example' }] })).toEqual({ contacts: ['Ada', { name: 1, email: 'a@b.example' }] });
  });
});

describe('sampleBatchText', () => {
  it('is one example lead, as a JSON array the server accepts, dated the given day', () => {
    const text = sampleBatchText(new Date(2026, 4, 7, 23, 30));
    const parsed = parseBatchJson(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.leads).toHaveLength(1);
    const lead = leadInputSchema.parse(parsed.leads[0]);
    expect(lead.fundingDate).toBe('2026-05-07');
    // Reserved example domains only: nothing that could reach a real company or person.
    expect(lead.domain).toMatch(/\.example\.com$/);
    expect(lead.contacts.every((contact) => contact.email?.endsWith('.example.com'))).toBe(true);
  });
});

describe('describeBatchRows', () => {
  it('numbers rows from 1, in order, naming each by the server’s or the pasted company name', () => {
    const sent = [{ companyName: 'Acme' }, { companyName: 'Beta' }, {}];
    const rows = [
      { index: 2, errors: [{ field: 'companyName', message: 'is required' }] },
      { index: 1, companyName: 'Beta Inc', errors: [{ field: 'domain', message: 'must be a domain such as acme.com' }] },
      { index: 0, errors: [{ field: 'fundingDate', message: 'must be a real calendar date' }] },
    ];
    expect(describeBatchRows(rows, sent)).toEqual([
      { rowNumber: 1, companyName: 'Acme', errors: rows[2]!.errors },
      { rowNumber: 2, companyName: 'Beta Inc', errors: rows[1]!.errors },
      { rowNumber: 3, companyName: '(no company name)', errors: rows[0]!.errors },
    ]);
  });
});
