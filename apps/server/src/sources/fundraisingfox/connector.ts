// The Fundraising Fox open dataset (CC BY 4.0): one rounds.csv, released monthly, polled every
// FUNDRAISINGFOX_POLL_HOURS. It is one file, not days of items, so it runs itself (run.ts). On when FUNDRAISINGFOX_URL is set.
import type { SourceConnector } from '../types.js';
import { FUNDRAISINGFOX_DEFAULT_URL } from './map.js';
import { runFundraisingFox } from './run.js';

const notItems = () => {
  throw new Error('the Fundraising Fox source is one file: it runs through runWhole');
};

export const fundraisingFox: SourceConnector = {
  id: 'fundraisingfox',
  name: 'Fundraising Fox Open Dataset (CC BY 4.0)',
  disabledReason: (config) =>
    config.fundraisingfox.url ? null : `Set FUNDRAISINGFOX_URL to the dataset's rounds.csv (${FUNDRAISINGFOX_DEFAULT_URL}) and restart.`,
  discover: notItems,
  fetch: notItems,
  parse: notItems,
  map: notItems,
  runWhole: runFundraisingFox,
};
