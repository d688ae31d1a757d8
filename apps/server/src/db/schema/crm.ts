// Send to CRM (issue 32, migration 0030, docs/decisions/043-send-to-crm.md). Tokens are stored encrypted
// (AES-256-GCM, modules/crm/crypto.ts): a database dump shows no token.
import { boolean, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { crmColumn, ownerColumn, timestamps, uuidPrimaryKey } from './columns.js';

export const crmConnections = pgTable(
  'crm_connections',
  {
    userId: ownerColumn(),
    crm: crmColumn(),
    accountName: text('account_name'),
    portalId: text('portal_id'),
    /** Encrypted: v1.<iv>.<tag>.<ciphertext>, base64url. */
    accessToken: text('access_token').notNull(),
    refreshToken: text('refresh_token'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** The CRM refused the credentials after a refresh: pushes wait until the user connects again. */
    needsReconnect: boolean('needs_reconnect').notNull().default(false),
    ...timestamps(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.crm], name: 'crm_connections_pk' })],
);

export const crmPushes = pgTable('crm_pushes', {
  id: uuidPrimaryKey(),
  userId: ownerColumn(),
  crm: crmColumn(),
  status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
    .notNull()
    .default('queued'),
  /** Set when a saved search's CRM channel made the push. */
  savedSearchId: uuid('saved_search_id'),
  ...timestamps(),
});

export const crmPushLeads = pgTable(
  'crm_push_leads',
  {
    pushId: uuid('push_id')
      .notNull()
      .references(() => crmPushes.id, { onDelete: 'cascade' }),
    leadId: uuid('lead_id').notNull(),
    position: integer('position').notNull(),
    companyName: text('company_name').notNull(),
    status: text('status', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    crmCompanyUrl: text('crm_company_url'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.pushId, table.leadId], name: 'crm_push_leads_pk' })],
);

/** What this account pushed where: a company per lead's company, a contact per contact, a note per round. */
export const crmRecords = pgTable(
  'crm_records',
  {
    userId: ownerColumn(),
    crm: crmColumn(),
    kind: text('kind', { enum: ['company', 'contact', 'note'] }).notNull(),
    /** company: the lead id; contact: the contact id; note: the lead id (one note per round). */
    localId: text('local_id').notNull(),
    crmId: text('crm_id').notNull(),
    leadId: uuid('lead_id'),
    crmUrl: text('crm_url'),
    /** The company / organization a contact is associated with or a note is on: another one means do it again. */
    parentCrmId: text('parent_crm_id'),
    pushedAt: timestamp('pushed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.crm, table.kind, table.localId], name: 'crm_records_pk' })],
);

/** The saved-search channel pushes each lead once per account and CRM. */
export const crmAutoPushed = pgTable(
  'crm_auto_pushed',
  {
    userId: ownerColumn(),
    crm: crmColumn(),
    leadId: uuid('lead_id').notNull(),
    pushId: uuid('push_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.crm, table.leadId], name: 'crm_auto_pushed_pk' })],
);
