// Typed errors: each carries an HTTP status and the message the user may see.
export class AppError extends Error {
  constructor(
    public readonly statusCode: number,
    public readonly code: string,
    message: string,
    /** Extra fields for the response body beside `error` (for example per-row validation errors). */
    public readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const validationError = (message: string, details: Record<string, unknown> = {}) => new AppError(400, 'validation', message, details);

export const badRequest = (message: string) => new AppError(400, 'bad_request', message);
export const unauthorized = (message = 'Authentication required') => new AppError(401, 'unauthorized', message);
export const forbidden = (message: string) => new AppError(403, 'forbidden', message);
export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string) => new AppError(409, 'conflict', message);
export const tooManyRequests = (message = 'Too many attempts. Please try again later.') => new AppError(429, 'rate_limited', message);

/** One failed check of a route schema: where (`contacts.0.email`, empty for the whole value) and why. */
export interface SchemaIssue {
  path: string;
  message: string;
}

/**
 * A route's own wording for a failed schema check (Fastify's `schemaErrorFormatter`): routes whose messages
 * the product spells out keep them while zod does the checking. Without one, the error handler names the
 * field (plugins/error-handler.ts).
 */
export function schemaErrors(format: (issues: SchemaIssue[]) => AppError) {
  return (errors: readonly { instancePath?: string; message?: string }[]): Error =>
    format(errors.map((error) => ({ path: (error.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.'), message: error.message ?? 'is invalid' })));
}

/** The first issue's message alone, for routes whose schemas carry whole sentences ('Choose weekly, daily or off'). */
export const firstIssueMessage = schemaErrors((issues) => validationError(issues[0]?.message ?? 'Invalid request'));
