import { createReadStream } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseCsvStream } from './csv-stream.js';
import { FUNDRAISINGFOX_COLUMNS, mapFundraisingFoxRow, mapRound } from './fundraisingfox.js';

const sample = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../data/samples/fundraisingfox-rounds-sample.csv');

describe('parseCsvStream', () => {
  it('parses quoted cells, escaped quotes, CRLF and chunk boundaries', async () => {
    const text = 'a,b,c\r\n"x, y","say ""hi""",\r\n"multi\nline",2,3\n\nlast,,\n';
    const chunks = text.split(''); // one character per chunk: every boundary is tested
    const records = [];
    for await (const record of parseCsvStream(chunks)) records.push(record);
    expect(records.map((record) => record.cells)).toEqual([
      ['a', 'b', 'c'],
      ['x, y', 'say "hi"', ''],
      ['multi\nline', '2', '3'],
      ['last', '', ''],
    ]);
    expect(records.map((record) => record.line)).toEqual([1, 2, 3, 6]);
  });
});

describe('fundraisingfox mapping', () => {
  it('maps stages and labels to the six rounds', () => {
    expect(mapRound('Pre-Seed', 'pre-Seed')).toBe('Pre-Seed');
    expect(mapRound('', 'pre-seed round')).toBe('Pre-Seed');
    expect(mapRound('', 'Pre')).toBe('Pre-Seed');
    expect(mapRound('', 'Seed+')).toBe('Seed');
    expect(mapRound('Series A', 'pre-Series A')).toBe('Series A');
    expect(mapRound('', 'Series A (SEC Form D, inferred stage/round size)')).toBe('Series A');
    expect(mapRound('Growth', 'Series F')).toBe('Series D+');
    expect(mapRound('', 'Series E')).toBe('Series D+');
    expect(mapRound('', 'Series Growth')).toBe('Series D+');
    expect(mapRound('', 'IPO')).toBeUndefined();
    expect(mapRound('', 'private placement')).toBeUndefined();
    expect(mapRound('', '')).toBeUndefined();
  });

  it('imports or skips every row of the shared sample, with a reason for each skip', async () => {
    let header: string[] | undefined;
    let imported = 0;
    const reasons = new Map<string, number>();
    let rows = 0;
    for await (const record of parseCsvStream(createReadStream(sample))) {
      if (!header) {
        header = record.cells;
        expect(header).toEqual([...FUNDRAISINGFOX_COLUMNS]);
        continue;
      }
      rows++;
      expect(record.cells).toHaveLength(10);
      const row = Object.fromEntries(FUNDRAISINGFOX_COLUMNS.map((column, index) => [column, record.cells[index] ?? ''])) as never;
      const mapped = mapFundraisingFoxRow(row);
      if ('lead' in mapped) {
        imported++;
        expect(mapped.lead.industry).toBe('');
        expect(mapped.lead.location).toBe('');
        expect(mapped.lead.sourceUrl).toMatch(/^https:\/\/fundraisingfox\.com\/companies\//);
        expect(Number.isInteger(mapped.lead.fundingAmount)).toBe(true);
      } else {
        expect(mapped.skip.length).toBeGreaterThan(3);
        const kind = mapped.skip.replace(/".*"/, '"…"');
        reasons.set(kind, (reasons.get(kind) ?? 0) + 1);
      }
    }
    expect(rows).toBe(2540);
    // 964 rows have a stage; labels add more; rows without either are skipped.
    expect(imported).toBeGreaterThan(964);
    expect(reasons.get('no round')).toBeGreaterThan(1000);
  });
});
