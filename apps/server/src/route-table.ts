// Every HTTP route the server answers under /api and /dev, with who may call it.
// plugins/access.ts enforces it: a route missing here stops the server from starting,
// and route-table.int.test.ts calls each one as every role.
export type Access = 'public' | 'user' | 'subscriber' | 'admin';

export const ROUTE_TABLE: Readonly<Record<string, Access>> = {
  'GET /api/health': 'public',
  'GET /api/free-leads': 'public',
  'GET /api/public-config': 'public',
  'GET /api/auth/*': 'public',
  'POST /api/auth/*': 'public',
  'GET /api/me': 'user',
  'GET /api/leads': 'subscriber',
  'GET /api/leads/stats': 'subscriber',
  'GET /api/leads/export.csv': 'subscriber',
  'POST /api/leads': 'admin',
  'PUT /api/leads/:id': 'admin',
  'DELETE /api/leads/:id': 'admin',
  'POST /api/leads/batch': 'admin',
  'POST /api/admin/imports/preview': 'admin',
  'POST /api/admin/imports': 'admin',
  'POST /api/create-checkout-session': 'user',
  'GET /api/checkout/test/:id': 'user',
  'POST /api/checkout/test/:id/pay': 'user',
  'POST /api/checkout/test/:id/cancel': 'user',
  'POST /api/submit-feedback': 'user',
  'POST /api/cancel-subscription': 'user',
  'POST /api/reactivate-subscription': 'user',
  'POST /api/billing-portal': 'user',
  'GET /api/me/events': 'user',
  'POST /api/subscribe-email': 'public',
  // Signed mail links are the credential for these four.
  'POST /api/newsletter/confirm': 'public',
  'GET /api/email-preferences': 'public',
  'PUT /api/email-preferences': 'public',
  'POST /api/unsubscribe': 'public',
  'GET /api/me/alerts': 'user',
  'PUT /api/me/alerts': 'user',
  'GET /api/subscribers': 'admin',
  'POST /api/send-weekly-email': 'admin',
  // Stripe calls it; the signature is the credential.
  'POST /api/stripe/webhook': 'public',
  // Development only (not registered when NODE_ENV=production).
  'GET /dev/mailbox': 'public',
  'GET /dev/mailbox/:id': 'public',
};

export function routeKey(method: string, url: string): string {
  return `${method} ${url}`;
}
