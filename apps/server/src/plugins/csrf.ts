// Cross-site request forgery: a state-changing request that carries a session cookie must come from
// APP_URL's own origin. Browsers send Origin on every cross-site POST/PUT/PATCH/DELETE and on same-origin
// ones too; where a privacy setting strips it, Sec-Fetch-Site says same-origin. Bearer-token callers and the
// routes with their own signature (CROSS_SITE_ALLOWED) are exempt. docs/decisions/022-csrf-origin-check.md.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden } from '../errors.js';
import { CROSS_SITE_ALLOWED, routeKey } from '../route-table.js';
import { hasSessionCookie } from './access.js';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/** True when the request may change state on behalf of its session cookie. */
export function isSameSiteRequest(request: FastifyRequest, appOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin !== undefined) return origin === appOrigin;
  return request.headers['sec-fetch-site'] === 'same-origin';
}

export function registerCsrfProtection(app: FastifyInstance, appUrl: string): void {
  const appOrigin = new URL(appUrl).origin;
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    if (request.headers.authorization?.startsWith('Bearer ')) return;
    if (!hasSessionCookie(request)) return;
    if (CROSS_SITE_ALLOWED.has(routeKey(request.method, request.routeOptions.url ?? ''))) return;
    if (!isSameSiteRequest(request, appOrigin)) throw forbidden(CROSS_SITE_MESSAGE);
  });
}
