// The details in a rejected lead write: field issues of a 400 (`{error, issues: [{path, message}]}`),
// sorted into the form fields they belong to and the rest.
import { z } from 'zod';
import { formFieldForIssuePath, type LeadFormField } from './lead-form';

const issuePathSchema = z.union([z.string(), z.array(z.union([z.string(), z.number()])).transform((parts) => parts.join('.'))]);

export const validationErrorBodySchema = z.object({
  error: z.string(),
  issues: z.array(z.object({ path: issuePathSchema, message: z.string() })),
});

export interface SortedIssues {
  fields: { field: LeadFormField; message: string }[];
  /** Issues with no field on the form, as "path: message". */
  other: string[];
}

/** "is required" -> "Is required": the server's phrases read as sentences under a field. */
function sentence(message: string): string {
  const text = message.trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The field issues in an error body, or null when the body carries none. */
export function sortServerIssues(body: unknown, contactRows: readonly number[]): SortedIssues | null {
  const parsed = validationErrorBodySchema.safeParse(body);
  if (!parsed.success || parsed.data.issues.length === 0) return null;
  const sorted: SortedIssues = { fields: [], other: [] };
  for (const issue of parsed.data.issues) {
    const field = formFieldForIssuePath(issue.path, contactRows);
    if (field && !sorted.fields.some((known) => known.field === field)) sorted.fields.push({ field, message: sentence(issue.message) });
    else if (!field) sorted.other.push(issue.path ? `${issue.path}: ${issue.message}` : issue.message);
  }
  return sorted;
}
