// What the database itself does when the leads or contacts tables are written: the migrations' triggers and the
// generated search document, in one list. Every writer goes through this module, but these run for any write, so
// the side tables can never lag behind a write a later change adds. triggers.int.test.ts tests each of them and
// fails when the database has a trigger or generated column on these tables that is not listed here.

export interface LeadTrigger {
  name: string;
  table: 'leads' | 'contacts';
  on: 'insert' | 'update' | 'delete';
  /** The migration that defines it as it is now. */
  migration: string;
  keeps: string;
}

export const LEAD_TRIGGERS: readonly LeadTrigger[] = [
  {
    name: 'leads_inserted_locations',
    table: 'leads',
    on: 'insert',
    migration: '0019_lead_locations',
    keeps: 'lead_locations holds every location a lead has (a location filter is resolved against it first; decision 026).',
  },
  {
    name: 'leads_updated_locations',
    table: 'leads',
    on: 'update',
    migration: '0019_lead_locations',
    keeps: 'the same, for a location an update brings.',
  },
  {
    name: 'contacts_arrived',
    table: 'contacts',
    on: 'insert',
    migration: '0020_lead_lacks_contacts',
    keeps: "leads.lacks_contacts: contacts arriving clear their lead's \"no contacts\" flag (a writer removing contacts sets it).",
  },
  {
    name: 'contacts_inserted_names',
    table: 'contacts',
    on: 'insert',
    migration: '0033_contact_names_searched',
    keeps: "leads.contact_names, the people's names the search document reads: contacts arriving add theirs (a writer that set them with the lead leaves nothing to write).",
  },
  {
    name: 'contacts_deleted_names',
    table: 'contacts',
    on: 'delete',
    migration: '0033_contact_names_searched',
    keeps: 'the same, for contacts removed (a replacement in one statement with its insert writes the lead once, or not at all when the names stay).',
  },
  {
    name: 'contacts_updated_names',
    table: 'contacts',
    on: 'update',
    migration: '0033_contact_names_searched',
    keeps: 'the same, for a person renamed or moved to another lead (a merge): both leads are written.',
  },
  {
    name: 'leads_inserted_lexemes',
    table: 'leads',
    on: 'insert',
    migration: '0032_search_tokens',
    keeps: "search_lexemes holds every word of the leads' search documents, tokens aside (a search's last word is spelled out from it).",
  },
  {
    name: 'leads_updated_lexemes',
    table: 'leads',
    on: 'update',
    migration: '0032_search_tokens',
    keeps: "the same, for the words of an update that changes a lead's search document.",
  },
];

/** Columns the database computes from a lead's other columns. */
export const LEAD_GENERATED_COLUMNS = [
  {
    table: 'leads',
    column: 'search_vector',
    migration: '0033_contact_names_searched',
    keeps:
      "the search document: the company name and the domain's name as words (A), the tags (B), the description (C), the people's names (D, from contact_names), and the industry, round and location as tokens ('#industry:…', read-rules.ts SEARCH_TOKEN_FILTERS).",
  },
] as const;
