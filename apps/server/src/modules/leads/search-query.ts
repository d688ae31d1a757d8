// Search query building: the search words as a tsquery (websearch syntax, last word a prefix), the prefix spelled
// out as the words it completes to, and the search condition on the search document and the name/domain trigrams.
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { escapeLike } from './like-pattern.js';
import { MAX_PREFIX_COMPLETIONS } from './read-rules.js';

/** The expression the trigram index covers (names and partial domains); queries must use the same one. */
const nameDomain = sql`(${leads.companyName} || ' ' || ${leads.domain})`;
/** pg_trgm needs three characters to use its index; shorter text is matched as words only. */
const TRIGRAM_MIN_LENGTH = 3;

/** Search text ending in a letter or digit: its last word is a prefix. */
const ENDS_IN_WORD = /[\p{L}\p{N}]$/u;

/**
 * The search words as a tsquery: websearch syntax ("quoted phrases", or, -not), with the last word a
 * prefix when the text ends in a word (so "fintec" finds FinTech while typing). The lexemes come out of
 * websearch_to_tsquery already normalised, so the text is cast back to tsquery, not parsed again.
 */
export function searchQuery(q: string): SQL {
  const words = sql`websearch_to_tsquery('simple', ${q})`;
  if (!ENDS_IN_WORD.test(q)) return words;
  return sql`(regexp_replace(${words}::text, '(''(?:[^'']|'''')*'')$', '\\1:*'))::tsquery`;
}

/**
 * The search words as a tsquery for matching: searchQuery(q) with the last word's prefix spelled out as the words of
 * the leads that it completes to, when there are at most MAX_PREFIX_COMPLETIONS (search_match_query, migration 0021).
 * They match the same leads; the search index reads a prefix as one list of every lead under it, but intersects exact
 * words with a rarer word's list, which is far cheaper (decision 026 has the measurements). Ranks keep
 * searchQuery(q): ts_rank weighs a list of alternatives differently from one prefix.
 */
export async function matchingSearchQuery(db: Db, q: string): Promise<SQL> {
  if (!ENDS_IN_WORD.test(q)) return searchQuery(q);
  const [row] = rowsOf<{ query: string }>(await db.execute(sql`select search_match_query(${q}, ${MAX_PREFIX_COMPLETIONS}) as query`));
  return row ? sql`${row.query}::tsquery` : searchQuery(q);
}

/** The search words' condition; `query` is searchQuery(q) when the caller has it already (the alert matcher
 * computes each saved search's tsquery once, not once per row). */
export function searchCondition(q: string | undefined, query?: SQL): SQL | undefined {
  if (!q) return undefined;
  const words = sql`${leads.searchVector} @@ ${query ?? searchQuery(q)}`;
  return q.length >= TRIGRAM_MIN_LENGTH ? sql`(${words} or ${nameDomain} ilike ${`%${escapeLike(q)}%`})` : words;
}
