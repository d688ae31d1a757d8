// The shape both CRM writers share: push a chunk of leads, reporting each lead's outcome as soon as it is known.
import type { CrmLead } from '../leads/index.js';

export interface LeadOutcome {
  status: 'done' | 'failed';
  crmCompanyUrl: string | null;
  error: string | null;
}

export type ReportOutcome = (leadId: string, outcome: LeadOutcome) => Promise<void>;

export interface CrmWriter {
  /** Leads per chunk (searches and batch upserts cover a chunk in one request). */
  readonly chunkSize: number;
  /**
   * Pushes the chunk. A CrmError of one lead fails that lead (reported); a CrmAuthError or a RetryLater stops the
   * whole push (thrown), and the leads not reported yet are tried again when it resumes.
   */
  pushChunk(leads: CrmLead[], report: ReportOutcome): Promise<void>;
}
