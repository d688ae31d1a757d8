import { describe, expect, it } from 'vitest';
import { batchUploadedMessage, bulkDeletedMessage, importedMessage } from './messages';

describe('admin toast messages', () => {
  it('write counts with thousands separators', () => {
    expect(importedMessage(1204, 3)).toBe('Imported 1,204 new and 3 updated leads');
    expect(importedMessage(0, 12_500)).toBe('Imported 0 new and 12,500 updated leads');
    expect(batchUploadedMessage(2500)).toBe('Successfully uploaded 2,500 leads');
    expect(bulkDeletedMessage(1)).toBe('Deleted 1 lead');
  });
});
