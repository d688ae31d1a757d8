// Arguments of `npm run ingest -- --source sec-form-d --from YYYY-MM-DD --to YYYY-MM-DD`.
import { parseArgs } from 'node:util';
import { SOURCE_IDS, type SourceId } from '@fundwire/shared';
import { businessDays } from './days.js';

export const INGEST_USAGE =
  'Usage: npm run ingest -- --source sec-form-d --from YYYY-MM-DD [--to YYYY-MM-DD]\n  Runs the source over each business day in the range (--to defaults to --from).\n' +
  '       npm run ingest -- --source fundraisingfox\n  Reads the dataset now (only new or changed rows are written).';
const MAX_DAYS = 366;

const isDate = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

/** The source and business days to run, or an error message naming the bad argument. */
export function parseIngestArgs(args: string[], today: string): { help: true } | { help: false; source: SourceId; days: string[] } | { error: string } {
  let values;
  try {
    values = parseArgs({ args, options: { source: { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, help: { type: 'boolean', default: false } } }).values;
  } catch (error) {
    return { error: (error as Error).message };
  }
  if (values.help) return { help: true };
  if (!values.source || !(SOURCE_IDS as readonly string[]).includes(values.source)) return { error: `--source must be one of ${SOURCE_IDS.join(', ')} (got ${values.source ?? 'nothing'})` };
  // The dataset is one file: it has no days to choose.
  if (values.source === 'fundraisingfox') {
    if (values.from || values.to) return { error: '--from and --to do not apply to fundraisingfox: it reads the whole file' };
    return { help: false, source: 'fundraisingfox', days: [today] };
  }
  if (!values.from || !isDate(values.from)) return { error: `--from must be a date such as 2026-11-02 (got ${values.from ?? 'nothing'})` };
  const to = values.to ?? values.from;
  if (!isDate(to)) return { error: `--to must be a date such as 2026-11-20 (got ${to})` };
  if (to < values.from) return { error: `--to (${to}) is before --from (${values.from})` };
  if (to > today) return { error: `--to (${to}) is after today (${today})` };
  const days = businessDays(values.from, to);
  if (days.length > MAX_DAYS) return { error: `the range holds ${days.length} business days; run at most ${MAX_DAYS} at a time` };
  return { help: false, source: values.source as SourceId, days };
}
