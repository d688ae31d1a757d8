// Leads (funded companies) and their contacts.
import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, date, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { DOMAIN_SOURCES, EMAIL_SOURCES, EMAIL_STATUSES, FUNDING_ROUNDS, LEAD_SOURCES } from '@fundwire/shared';

/** PostgreSQL's full-text document type; only ever read by the database (the API never selects it). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * The full-text document of a lead: name and domain weigh most, then tags, then the description, then the people's
 * names (migration 0033), and the industry, round and location as tokens (migration 0032). 'simple'
 * (lower-case, no stemming) so a typed prefix matches what it prefixes. array_to_string is only STABLE,
 * hence the IMMUTABLE wrapper leads_tags_text (created by migration 0013). Of the domain only its name goes in,
 * as words (`www.get-acme.co.uk` as `get acme`): whole, the parser makes a domain one host word per lead, and a
 * million of those made every short prefix complete to thousands of words; its other labels (`com`, `io`) would
 * make `c` or `co` match nearly every lead (migration 0022). Partial domains are the trigram index's.
 */
export const LEAD_SEARCH_VECTOR_SQL = `setweight(to_tsvector('simple'::regconfig, coalesce(company_name, '') || ' ' || translate(split_part(regexp_replace(coalesce(domain, ''), '^www\\.', ''), '.', 1), '-', ' ')), 'A') || setweight(to_tsvector('simple'::regconfig, leads_tags_text(tags)), 'B') || setweight(to_tsvector('simple'::regconfig, coalesce(description, '')), 'C') || setweight(to_tsvector('simple'::regconfig, contact_names), 'D') || leads_search_tokens(industry, funding_round, location)`;

export const fundingRoundEnum = pgEnum('funding_round', FUNDING_ROUNDS);

/** A round's place in FUNDING_ROUNDS (1 = Pre-Seed), null when undisclosed. */
const ROUND_POSITION_SQL = `(case "funding_round" ${FUNDING_ROUNDS.map((round, index) => `when '${round.replace(/'/g, "''")}' then ${index + 1}`).join(' ')} end)`;

/**
 * The amount and round orders as one key sorted descending, so (key desc, funding_date desc, id desc) is one index
 * walk and a cursor one row comparison (decision 026). Unknowns get a key below every known one, so they come last
 * either way: amounts are never negative (-1 is below all), and ascending is the negated value descending. The list
 * query uses these same texts, so the indexes below match it.
 */
export const LEAD_SORT_KEY_SQL = {
  'amount:desc': `coalesce("funding_amount", -1)`,
  'amount:asc': `coalesce(-"funding_amount", -9223372036854775807)`,
  'round:desc': `coalesce(${ROUND_POSITION_SQL}, 0)`,
  'round:asc': `coalesce(-${ROUND_POSITION_SQL}, ${-(FUNDING_ROUNDS.length + 1)})`,
} as const;

/** One per company: its rounds are the leads that point here (modules/leads/company-identity.ts). */
export const companies = pgTable(
  'companies',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    /** `cik:<digits>`, `domain:<registrable domain>` or `name:<normalised name>|<country>`. */
    identityKey: text('identity_key').notNull(),
    name: text('name').notNull(),
    domain: text('domain'),
    location: text('location'),
    industry: text('industry'),
    cik: text('cik'),
    /** Where the website came from (DOMAIN_SOURCES) and when it was found (issue 31). */
    domainSource: text('domain_source', { enum: DOMAIN_SOURCES }),
    domainFoundAt: timestamp('domain_found_at', { withTimezone: true, mode: 'date' }),
    /** From SEC's company record. */
    phone: text('phone'),
    address: text('address'),
    /** The company's email pattern ('{first}.{last}'), from the provider or learned from two agreeing addresses. */
    emailPattern: text('email_pattern'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('companies_identity_key_idx').on(table.identityKey)],
);

export const leads = pgTable(
  'leads',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    companyName: text('company_name').notNull(),
    domain: text('domain').notNull(),
    /** null: unknown. */
    industry: text('industry'),
    /** Whole US dollars; bigint because rounds reach billions. null: undisclosed (never 0). */
    fundingAmount: bigint('funding_amount', { mode: 'number' }),
    /** null: undisclosed; round_label then keeps what the source called it. */
    fundingRound: fundingRoundEnum('funding_round'),
    roundLabel: text('round_label'),
    location: text('location'),
    fundingDate: date('funding_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    tags: text('tags')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Where the lead came from: manual, batch, import, sec-form-d. */
    source: text('source', { enum: LEAD_SOURCES }).notNull().default('manual'),
    /** The source's own id for the round (a Fundraising Fox slug, an SEC accession number). */
    sourceId: text('source_id'),
    sourceUrl: text('source_url'),
    /** Where the domain came from (DOMAIN_SOURCES) and when it was found (issue 31); null without a domain. */
    domainSource: text('domain_source', { enum: DOMAIN_SOURCES }),
    domainFoundAt: timestamp('domain_found_at', { withTimezone: true, mode: 'date' }),
    /** The location as filed ('SAN FRANCISCO, CA') when the shown one was cased from it. */
    filedLocation: text('filed_location'),
    /** Fields an admin changed by hand: imports and feeds fill or update every other field, never these. */
    editedFields: text('edited_fields')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** normalised domain (or company name) | round | funding date: the same lead uploaded twice updates this row. */
    identityKey: text('identity_key').notNull(),
    /** Null only for leads written before companies existed, until start-up groups them. */
    companyId: uuid('company_id').references(() => companies.id),
    /**
     * true when the lead has no contacts; null when it has some (not false: adding the column rewrote no row, and the
     * leads with contacts, nearly all of them, carry nothing). A new lead starts true unless its writer says otherwise
     * (the bulk upsert does); a trigger on contacts (migration 0020) clears it when contacts arrive, and the admin's
     * edit sets it with the contacts it writes. The "no contacts" filter walks a small partial index (decision 026).
     */
    lacksContacts: boolean('lacks_contacts').default(true),
    /** The names of the lead's people in their order, kept by triggers on contacts (migration 0033) for the search document. */
    contactNames: text('contact_names').notNull().default(''),
    /** Generated from name, domain, tags, description, the people's names and the search tokens (decision 026). */
    searchVector: tsvector('search_vector').generatedAlwaysAs(sql.raw(LEAD_SEARCH_VECTOR_SQL)),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    // Newest first with a stable tie-break: every list is ordered by (funding_date desc, id desc). The three
    // order indexes also INCLUDE the filter columns (industry, round, amount, location; migration 0014, which
    // Drizzle's builder cannot spell), so filters and limited counts are index-only (decision 026).
    index('leads_funding_date_id_idx').on(table.fundingDate.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('leads_industry_funding_date_idx').on(table.industry, table.fundingDate.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('leads_round_funding_date_idx').on(table.fundingRound, table.fundingDate.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index('leads_funding_amount_idx').on(table.fundingAmount),
    // A location, newest first (migration 0024, INCLUDEs the other filter columns): a location with an amount or an
    // industry is counted and paged in its own range, reading a part of the location's entries instead of the amount
    // and trigram bitmaps (decision 026 has the measurements).
    index('leads_location_funding_date_idx').on(table.location, table.fundingDate.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // A round with an amount range (Seed of $100M or more matches none, where walking the round's order index read
    // every Seed lead): the range is read and counted here first, and when it holds
    // few leads they are filtered and sorted from it. INCLUDEs the other filter columns (migration 0023), so that is
    // index-only (decision 026).
    index('leads_round_amount_idx').on(table.fundingRound, table.fundingAmount),
    // sort=amount and sort=round, each direction (decision 026).
    index('leads_amount_desc_order_idx').on(
      sql`(${sql.raw(LEAD_SORT_KEY_SQL['amount:desc'])}) desc`,
      table.fundingDate.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('leads_amount_asc_order_idx').on(
      sql`(${sql.raw(LEAD_SORT_KEY_SQL['amount:asc'])}) desc`,
      table.fundingDate.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('leads_round_desc_order_idx').on(
      sql`(${sql.raw(LEAD_SORT_KEY_SQL['round:desc'])}) desc`,
      table.fundingDate.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('leads_round_asc_order_idx').on(
      sql`(${sql.raw(LEAD_SORT_KEY_SQL['round:asc'])}) desc`,
      table.fundingDate.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // Search (decision 026): words and prefixes through the full-text document, substrings of names and
    // domains through trigrams.
    index('leads_search_vector_idx').using('gin', table.searchVector),
    index('leads_name_domain_trgm_idx').using('gin', sql`(${table.companyName} || ' ' || ${table.domain}) gin_trgm_ops`),
    uniqueIndex('leads_identity_key_idx').on(table.identityKey),
    index('leads_location_trgm_idx').using('gin', sql`${table.location} gin_trgm_ops`),
    // hasContacts=false, newest first: only the leads without contacts.
    index('leads_without_contacts_idx')
      .on(table.fundingDate.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.lacksContacts}`),
    // Digests and the admin's weekly count read leads by the time they were added.
    index('leads_created_at_idx').on(table.createdAt),
    // A company's rounds, and the "earlier rounds" count of each card.
    index('leads_company_funding_date_idx').on(table.companyId, table.fundingDate),
    // Merge candidates: the other sources' leads funded within 30 days of a new one (migration 0027, decision 038).
    index('leads_funding_date_source_idx').on(table.fundingDate, table.source),
  ],
);

/**
 * Every distinct location a lead has had (never pruned: a location no lead has any more only matches nothing). A
 * location filter is a substring, so it is first matched against this short list, and the leads are then filtered
 * by equality, which the list-order indexes check cheaply and the planner estimates well (decision 026). A
 * statement trigger on leads (migration 0019) keeps it complete in the same transaction as every lead write.
 */
export const leadLocations = pgTable('lead_locations', {
  location: text('location').primaryKey(),
});

/**
 * Every distinct word (lexeme) of the leads' search vectors, never pruned (a word no lead has any more matches
 * nothing). A search's last word is a prefix; looked up here, it is spelled out as the words it completes to, which the
 * search index matches as exact entries: a prefix is read as one list of every lead under it, while exact words are
 * intersected with a rarer word's list, far cheaper (decision 026 has the measurements). Triggers on
 * leads (migration 0021) keep it complete in the same transaction as every lead write. The text_pattern_ops index
 * serves prefix ranges (LIKE 'build%') under any collation.
 */
export const searchLexemes = pgTable('search_lexemes', { lexeme: text('lexeme').notNull() }, (table) => [
  uniqueIndex('search_lexemes_lexeme_idx').on(table.lexeme.op('text_pattern_ops')),
]);

export const contacts = pgTable(
  'contacts',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    leadId: uuid('lead_id')
      .notNull()
      .references(() => leads.id, { onDelete: 'cascade' }),
    /** Order of the contact within its lead. */
    position: integer('position').notNull().default(0),
    name: text('name').notNull(),
    role: text('role').notNull().default(''),
    /** '' when unknown (the API says null). */
    email: text('email').notNull().default(''),
    linkedIn: text('linked_in').notNull().default(''),
    /** EMAIL_STATUSES; null without an email (issue 31). */
    emailStatus: text('email_status', { enum: EMAIL_STATUSES }),
    /** EMAIL_SOURCES; null without an email. */
    emailSource: text('email_source', { enum: EMAIL_SOURCES }),
    emailCheckedAt: timestamp('email_checked_at', { withTimezone: true, mode: 'date' }),
    /** The name as filed ('CHISHOLM GLENN LINDORES') when `name` was written from it. */
    filedName: text('filed_name'),
    /** While bounced: the status before the report (an admin's undo restores it), and when it was reported. */
    bouncedFrom: text('bounced_from', { enum: EMAIL_STATUSES }),
    bouncedAt: timestamp('bounced_at', { withTimezone: true, mode: 'date' }),
  },
  (table) => [
    index('contacts_lead_id_position_idx').on(table.leadId, table.position),
    index('contacts_verified_lead_idx')
      .on(table.leadId)
      .where(sql`${table.emailStatus} = 'verified'`),
    index('contacts_bounced_email_idx')
      .on(sql`lower(${table.email})`)
      .where(sql`${table.emailStatus} = 'bounced'`),
    index('contacts_email_trgm_idx')
      .using('gin', sql`lower(${table.email}) gin_trgm_ops`)
      .where(sql`${table.email} <> ''`),
  ],
);

export type LeadRow = typeof leads.$inferSelect;
export type NewLeadRow = typeof leads.$inferInsert;
export type CompanyRow = typeof companies.$inferSelect;
export type ContactRow = typeof contacts.$inferSelect;
