// Search query building: the search words as a tsquery (websearch syntax, last word a prefix), the prefix spelled
// out as the words it completes to, and the search condition on the search document and the name/domain trigrams.
import { sql, type SQL } from 'drizzle-orm';
import { type LeadFilter, UNDISCLOSED } from '@fundwire/shared';
import { rowsOf, type Db } from '../../db/client.js';
import { leads } from '../../db/schema/index.js';
import { escapeLike } from './like-pattern.js';
import { MAX_PREFIX_COMPLETIONS, SEARCH_TOKEN_FILTERS } from './read-rules.js';

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

/** matchingSearchQuery's text as a scalar a larger statement selects (list.ts reads it with the cache version), or
 * undefined when the search has no prefix to spell out; matchQueryFrom reads it back. */
export function matchQuerySql(q: string): SQL | undefined {
  return ENDS_IN_WORD.test(q) ? sql`search_match_query(${q}, ${MAX_PREFIX_COMPLETIONS})` : undefined;
}

/** The tsquery for matching from matchQuerySql's value. */
export function matchQueryFrom(q: string, text: string | null | undefined): SQL {
  return typeof text === 'string' ? sql`${text}::tsquery` : searchQuery(q);
}

/** A lexeme of a tsquery, quoted (a token holds spaces, and may hold quotes or backslashes). */
const quotedLexeme = (lexeme: string) => `'${lexeme.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;

/**
 * The filter's industries, rounds and locations as a tsquery of the search tokens migration 0032 puts in every lead's
 * search document ('#industry:FinTech', '#round:Seed', '#round:' when undisclosed, '#location:Berlin, Germany'), or
 * undefined when it filters on none of them. ANDed with a search's words, the search index intersects the word's
 * entries with the tokens' (read-rules.ts, SEARCH_TOKEN_FILTERS). `locations`: the locations a location filter was
 * resolved to (filter-sql.ts), when it was. `covered`: the part of the filter the tokens stand for, which the words
 * need not check again (searchCondition's `nameFilter`, search-page.ts); `rest`: the filter without it.
 */
export function searchTokens(filter: LeadFilter, locations: string[] | undefined): { tokens: string | undefined; covered: Partial<LeadFilter>; rest: LeadFilter } {
  const anyOf = (kind: string, values: string[]) =>
    values.length === 0 ? undefined : `( ${values.map((value) => quotedLexeme(`#${kind}:${value}`)).join(' | ')} )`;
  const tokensOf = {
    industry: filter.industry && anyOf('industry', filter.industry),
    fundingRound: filter.fundingRound && anyOf('round', filter.fundingRound.map((round) => (round === UNDISCLOSED ? '' : round))),
    location: filter.location && locations && anyOf('location', locations),
  };
  const names = SEARCH_TOKEN_FILTERS.filter((name) => Boolean(tokensOf[name]));
  const covered: Partial<LeadFilter> = {};
  const rest: LeadFilter = { ...filter };
  for (const name of names) {
    Object.assign(covered, { [name]: filter[name] });
    rest[name] = undefined;
  }
  const groups = names.map((name) => tokensOf[name]!);
  return { tokens: groups.length > 0 ? groups.join(' & ') : undefined, covered, rest };
}

/** A list's column conditions split by the search tokens: `rest`, those the tokens do not stand for, and `covered`,
 * those they do. */
export interface TokenSplit {
  rest: SQL | undefined;
  covered: SQL;
}

/** The search's tsquery with the filter's tokens (searchTokens) ANDed in; an empty search (no words: nothing to
 * match) stays empty. */
export function withSearchTokens(query: SQL, tokens: string | undefined): SQL {
  if (tokens === undefined) return query;
  return sql`(case when numnode(${query}) = 0 then ${query} else ${query} && ${tokens}::tsquery end)`;
}

/** The search words' condition; `query` is searchQuery(q) when the caller has it already (the alert matcher
 * computes each saved search's tsquery once, not once per row). `nameFilter`: conditions a match of the name or domain
 * must also meet, when `query` holds them as search tokens (withSearchTokens) and the caller leaves them out of its
 * own conditions; the planner then counts the filter once, not once in the tokens and again in the columns. */
export function searchCondition(q: string | undefined, query?: SQL, nameFilter?: SQL): SQL | undefined {
  if (!q) return undefined;
  // The search document holds the people's names too (migration 0033): q=chisholm finds Glenn Lindores Chisholm's lead.
  const words = sql`${leads.searchVector} @@ ${query ?? searchQuery(q)}`;
  if (q.length < TRIGRAM_MIN_LENGTH) return words;
  const names = sql`${nameDomain} ilike ${`%${escapeLike(q)}%`}`;
  return sql`(${words} or ${nameFilter ? sql`(${names} and ${nameFilter})` : names})`;
}
