// What other modules may use of admin: the Fundraising Fox row mapping and the streamed CSV reader, which the
// live Fundraising Fox source (sources/fundraisingfox) shares with the admin's CSV import.
export { FUNDRAISINGFOX_ATTRIBUTION, FUNDRAISINGFOX_COLUMNS, mapFundraisingFoxRow, type FundraisingFoxRow } from './fundraisingfox.js';
export { parseCsvStream } from './csv-stream.js';
