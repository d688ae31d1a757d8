// The one small interface every live source implements: discover a day's items, fetch each, parse it,
// map it to a lead (or a reason to skip). The runner (runner.ts) does the rest for all of them.
import type { SourceId } from '@fundwire/shared';
import type { Config } from '../config.js';
import type { BulkLead } from '../modules/leads/index.js';
import type { PoliteHttp } from './http.js';
import type { RunDeps, RunOptions, RunSummary } from './runner.js';

export interface SourceItem {
  /** Stable id of the item at the source (an SEC accession number). */
  id: string;
  /** Where the item is fetched from, relative to the source's base URL. */
  path: string;
  /** 'D' or 'D/A' for SEC; amendments are handled after new items of the same day. */
  kind: string;
  /** The filing day (YYYY-MM-DD). */
  day: string;
}

/** A lead to write, and how to find the round it amends when it is an amendment. */
export interface MappedLead {
  action: 'lead';
  lead: BulkLead;
  amends: { sourceId: string | null; cik: string | null; fundingDate: string | null } | null;
}

export type Mapped = MappedLead | { action: 'skip'; reason: string };

/** Thrown by parse for input that cannot be read: the item is skipped as 'malformed', the day goes on. */
export class MalformedItemError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MalformedItemError';
  }
}

/**
 * Thrown by discover or fetch when the source refuses us as a client (not a missing item): every instance
 * pauses the source, the status screen shows the reason, and the next run waits for the pause to end.
 */
export class SourceBlockedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SourceBlockedError';
  }
}

export interface SourceConnector<Parsed = unknown> {
  id: SourceId;
  name: string;
  /** Why the source is off and how to turn it on, or null when it is on. */
  disabledReason(config: Config): string | null;
  /** The day's items; null when the source has no list for that day (weekend, holiday, not yet published). */
  discover(http: PoliteHttp, day: string): Promise<SourceItem[] | null>;
  fetch(http: PoliteHttp, item: SourceItem): Promise<string>;
  parse(raw: string, item: SourceItem): Parsed;
  map(parsed: Parsed, item: SourceItem, baseUrl: string): Mapped;
  /** A source that is one file rather than days of items (Fundraising Fox) runs itself; the runner hands it over. */
  runWhole?(deps: RunDeps, options: RunOptions): Promise<RunSummary>;
}
