import { describe, expect, it } from 'vitest';
import { parseIngestArgs } from './ingest-args.js';

describe('npm run ingest arguments', () => {
  it('turns a range into its business days', () => {
    expect(parseIngestArgs(['--source', 'sec-form-d', '--from', '2026-11-06', '--to', '2026-11-10'], '2026-11-25')).toEqual({
      help: false,
      source: 'sec-form-d',
      days: ['2026-11-06', '2026-11-09', '2026-11-10'],
    });
    expect(parseIngestArgs(['--source', 'sec-form-d', '--from', '2026-11-02'], '2026-11-25')).toMatchObject({ days: ['2026-11-02'] });
  });

  it('names the bad argument', () => {
    const error = (args: string[]) => (parseIngestArgs(args, '2026-11-25') as { error: string }).error;
    expect(error(['--from', '2026-11-02'])).toMatch(/^--source/);
    expect(error(['--source', 'sec-form-d', '--from', '2026-02-30'])).toMatch(/^--from/);
    expect(error(['--source', 'sec-form-d', '--from', '2026-11-20', '--to', '2026-11-02'])).toMatch(/before --from/);
    expect(error(['--source', 'sec-form-d', '--from', '2026-11-20', '--to', '2026-12-02'])).toMatch(/after today/);
    expect(error(['--source', 'sec-form-d', '--from', '2020-01-01', '--to', '2026-11-20'])).toMatch(/at most 366/);
    expect(error(['--bogus'])).toMatch(/bogus/);
  });
});
