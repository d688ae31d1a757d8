// Every HTTP route the server answers under /api and /dev, with who may call it.
// plugins/access.ts enforces it: a route missing here stops the server from starting,
// and route-table.int.test.ts calls each one as every role.
// 'api' is the public API: an active subscriber by session cookie or by personal API key (`Bearer fw_…`);
// every 'api' route is in the OpenAPI document (GET /api/openapi.json). No other route accepts a key.
export type Access = 'public' | 'user' | 'subscriber' | 'api' | 'admin';

export const ROUTE_TABLE: Readonly<Record<string, Access>> = {
  'GET /api/health': 'public',
  'GET /api/free-leads': 'public',
  'GET /api/public-config': 'public',
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  'POST /api/auth/sign-in/email-link': 'public',
  'POST /api/auth/sign-in/email-link/verify': 'public',
  'GET /api/me': 'user',
  'GET /api/leads': 'subscriber',
  'GET /api/leads/stats': 'subscriber',
  'GET /api/leads/export.csv': 'subscriber',
  'GET /api/companies/:id': 'subscriber',
  'GET /api/v1/leads': 'api',
  'GET /api/v1/leads/:id': 'api',
  'GET /api/v1/leads/export.csv': 'api',
  'GET /api/v1/companies/:id': 'api',
  // Managed by session only: a key cannot make or revoke keys.
  'GET /api/api-keys': 'subscriber',
  'POST /api/api-keys': 'subscriber',
  'DELETE /api/api-keys/:id': 'subscriber',
  'GET /api/openapi.json': 'public',
  'GET /api/docs': 'public',
  'GET /api/docs/assets/:file': 'public',
  'POST /api/leads': 'admin',
  'PUT /api/leads/:id': 'admin',
  'DELETE /api/leads/:id': 'admin',
  'POST /api/leads/bulk-delete': 'admin',
  'POST /api/leads/batch': 'admin',
  'POST /api/admin/leads/:id/split': 'admin',
  'POST /api/admin/imports/preview': 'admin',
  'POST /api/admin/imports': 'admin',
  'GET /api/admin/sources': 'admin',
  'POST /api/admin/sources/:id/run': 'admin',
  'POST /api/create-checkout-session': 'user',
  'GET /api/checkout/test/:id': 'user',
  'POST /api/checkout/test/:id/pay': 'user',
  'POST /api/checkout/test/:id/cancel': 'user',
  'POST /api/submit-feedback': 'user',
  'POST /api/cancel-subscription': 'user',
  'POST /api/reactivate-subscription': 'user',
  'POST /api/change-plan': 'user',
  'POST /api/billing-portal': 'user',
  'GET /api/me/events': 'user',
  'POST /api/subscribe-email': 'public',
  // Signed mail links are the credential for these four.
  'POST /api/newsletter/confirm': 'public',
  'GET /api/email-preferences': 'public',
  'PUT /api/email-preferences': 'public',
  'POST /api/unsubscribe': 'public',
  'GET /api/me/alerts': 'user',
  'POST /api/me/visits': 'subscriber',
  'PUT /api/me/alerts': 'user',
  // Send to CRM (issue 32): session only, like the API keys (a key cannot connect a CRM or send to one).
  'GET /api/integrations': 'subscriber',
  'GET /api/integrations/hubspot/connect': 'subscriber',
  'GET /api/integrations/hubspot/callback': 'subscriber',
  'PUT /api/integrations/pipedrive': 'subscriber',
  'DELETE /api/integrations/:crm': 'subscriber',
  'POST /api/crm/pushes': 'subscriber',
  'GET /api/crm/pushes/:id': 'subscriber',
  'GET /api/crm/records': 'subscriber',
  'GET /api/saved-searches': 'api',
  'POST /api/saved-searches': 'api',
  'GET /api/saved-searches/:id': 'api',
  'PUT /api/saved-searches/:id': 'api',
  'DELETE /api/saved-searches/:id': 'api',
  'POST /api/saved-searches/:id/viewed': 'api',
  'POST /api/saved-searches/:id/rotate-secret': 'api',
  'POST /api/saved-searches/:id/test-event': 'api',
  'GET /api/saved-searches/:id/deliveries': 'api',
  'GET /api/subscribers': 'admin',
  'POST /api/send-weekly-email': 'admin',
  // Stripe calls it; the signature is the credential.
  'POST /api/stripe/webhook': 'public',
  // Development only (not registered when NODE_ENV=production).
  'GET /dev/mailbox': 'public',
  'GET /dev/mailbox/:id': 'public',
};

/**
 * State-changing routes that a session cookie may reach from another site: their own signature is the
 * credential (Stripe's, or the HMAC of a mail link), not the cookie. Every other POST/PUT/PATCH/DELETE
 * that carries a session cookie must come from APP_URL's origin (plugins/csrf.ts).
 */
export const CROSS_SITE_ALLOWED: ReadonlySet<string> = new Set([
  'POST /api/stripe/webhook',
  'POST /api/newsletter/confirm',
  'PUT /api/email-preferences',
  'POST /api/unsubscribe',
]);

export function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/** Turns a table pattern (/api/leads/:id, /api/auth/*) into a matcher for concrete paths. */
function patternMatcher(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .map((part) => (part === '*' ? '.*' : part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

const MATCHERS = Object.keys(ROUTE_TABLE).map((key) => {
  const [method, pattern] = key.split(' ') as [string, string];
  return { method, matcher: patternMatcher(pattern) };
});

/** The methods the table has for a concrete path (HEAD wherever GET is), for OPTIONS answers. */
export function allowedMethods(path: string): string[] {
  const methods = new Set<string>();
  for (const { method, matcher } of MATCHERS) {
    if (!matcher.test(path)) continue;
    methods.add(method);
    if (method === 'GET') methods.add('HEAD');
  }
  return [...methods];
}
