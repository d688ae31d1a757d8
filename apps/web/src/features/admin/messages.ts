// The admin screen's words from docs/product/SPEC.md sections 5 and 8, in one place for the screen and its tests.
import { formatCount, pluralize } from '../../lib/format';

export const ADMIN_MESSAGES = {
  created: 'Lead created successfully',
  updated: 'Lead updated successfully',
  deleted: 'Lead deleted successfully',
  createFailed: 'Failed to create lead',
  updateFailed: 'Failed to update lead',
  deleteFailed: 'Failed to delete lead',
  deleteConfirm: 'Are you sure you want to delete this lead?',
  batchFailed: 'Failed to batch upload leads',
  batchBadJson: 'Failed to batch upload leads. Please check your JSON format.',
  importPreviewFailed: 'Could not check this CSV file',
  importFailed: 'Failed to import leads',
  bulkDeleteFailed: 'Failed to delete the selected leads',
  splitFailed: 'Failed to split the lead',
} as const;

/** The bulk delete's confirmation question. */
export function bulkDeleteQuestion(count: number): string {
  return `Delete ${pluralize(count, 'lead')}?`;
}

/** "Deleted 2 leads", the count being the server's (leads someone else deleted meanwhile are not counted). */
export function bulkDeletedMessage(count: number): string {
  return `Deleted ${pluralize(count, 'lead')}`;
}

/** "Successfully uploaded {count} leads" ("1 lead" for one), the count being the server's. */
export function batchUploadedMessage(count: number): string {
  return `Successfully uploaded ${pluralize(count, 'lead')}`;
}

/** "Imported 1,204 new and 3 updated leads": counts with thousands separators, like every toast. */
export function importedMessage(created: number, updated: number): string {
  return `Imported ${formatCount(created)} new and ${formatCount(updated)} updated leads`;
}

/** "Split into 2 leads": the merged lead and the leads its other reports became. */
export function splitMessage(otherLeads: number): string {
  return `Split into ${pluralize(otherLeads + 1, 'lead')}`;
}
