import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { LEGAL_DOCUMENTS, type LegalDocument } from './documents';

// The text each `updated` date belongs to. When a test here fails, the text changed: set the
// document's `updated` to the day of the change and record the new hash below.
const RECORDED: Record<keyof typeof LEGAL_DOCUMENTS, { updated: string; sha256: string }> = {
  privacy: { updated: '2026-11-27', sha256: 'eb4926abdf98127bb0d3d2cba52b7d1728d1bc03a50e2f783009a12adad38340' },
  terms: { updated: '2026-11-22', sha256: '89026f4b7c63fd9e5e8d3b71305b9949624d50a6aa6f6845af366d416df3975c' },
  cookies: { updated: '2026-11-22', sha256: '676d54d075abe4eb072dc671293645b7092cff7c3d36af69e98d01d576728546' },
};

function textHash({ updated: _updated, ...text }: LegalDocument): string {
  return createHash('sha256').update(JSON.stringify(text)).digest('hex');
}

describe('legal documents', () => {
  for (const [key, document] of Object.entries(LEGAL_DOCUMENTS) as [keyof typeof LEGAL_DOCUMENTS, LegalDocument][]) {
    it(`${key}: the last-updated date belongs to the current text`, () => {
      expect({ updated: document.updated, sha256: textHash(document) }).toEqual(RECORDED[key]);
    });
  }

  it('name the privacy and legal contact addresses', () => {
    for (const document of Object.values(LEGAL_DOCUMENTS)) {
      const text = JSON.stringify(document);
      expect(text).toContain('privacy@');
      expect(text).toContain('legal@');
    }
  });
});
