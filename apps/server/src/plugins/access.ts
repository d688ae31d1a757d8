// Who is calling: the session (cookie or bearer token), the role and the subscription.
// requireUser / requireActiveSubscription / requireAdmin are the only gates, applied from ROUTE_TABLE.
import { LRUCache } from 'lru-cache';
import { eq } from 'drizzle-orm';
import type { MeSubscription } from '@fundwire/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest, FastifySchema } from 'fastify';
import { subscriptions } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../errors.js';
import { allowedMethods, ROUTE_TABLE, routeKey, type Access } from '../route-table.js';

export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

/** The subscription as the account sees it (GET /api/me's shape, defined once in @fundwire/shared). */
export type SubscriptionRecord = MeSubscription;

export interface AuthContext {
  user: { id: string; email: string; name: string; role: 'user' | 'admin'; emailVerified: boolean };
  sessionId: string;
  subscription: SubscriptionRecord | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    authContext?: Promise<AuthContext | null>;
  }
  interface FastifyInstance {
    authCacheStore: AuthCache;
    /** Every /api and /dev route with the schemas it declared (route-schemas.int.test.ts checks them). */
    routeCatalog: RouteCatalogEntry[];
  }
}

/** active or trialing, and not past the end of a period it was cancelled at. */
export function isActive(subscription: SubscriptionRecord | null, now = Date.now()): boolean {
  if (subscription === null || !(ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)) return false;
  const ended = subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd !== null && Date.parse(subscription.currentPeriodEnd) <= now;
  return !ended;
}

export async function loadSubscriptionRecord(app: FastifyInstance, userId: string): Promise<SubscriptionRecord | null> {
  const [row] = await app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  return row ? toSubscriptionRecord(row) : null;
}

/** A stored subscription as the account sees it: no Stripe ids, dates as ISO strings. */
export function toSubscriptionRecord(row: typeof subscriptions.$inferSelect): SubscriptionRecord {
  return {
    status: row.status,
    plan: row.plan === 'monthly' || row.plan === 'annual' ? row.plan : null,
    priceId: row.priceId,
    currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
    trialEnd: row.trialEnd?.toISOString() ?? null,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    willCancelAt: row.willCancelAt?.toISOString() ?? null,
    discountPercent: row.discountPercent,
    discountEndsAt: row.discountEndsAt?.toISOString() ?? null,
  };
}

/**
 * The admin is the ADMIN_EMAIL account once its address is verified: whoever signs up first with that
 * address gets nothing until they prove they read its mail (docs/decisions/021-production-checks-and-admin-verification.md).
 */
export function isAdminAccount(user: { email: string; emailVerified: boolean }, adminEmail: string): boolean {
  return user.emailVerified && user.email.trim().toLowerCase() === adminEmail;
}

async function loadAuthContext(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext | null> {
  const result = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  // Computed, not read from the stored role, so a stale row can never grant more than the rule does.
  const role = isAdminAccount(result.user, app.config.adminEmail) ? 'admin' : 'user';
  return {
    user: { id: result.user.id, email: result.user.email, name: result.user.name, role, emailVerified: result.user.emailVerified },
    sessionId: result.session.id,
    subscription: await loadSubscriptionRecord(app, result.user.id),
  };
}

// Sessions and subscriptions are read from the database at most once per AUTH_CACHE_MS per token and
// instance. A revoked session or a changed subscription takes effect within that time everywhere,
// at once on the instance that made the change (see invalidateAuthCache).
const AUTH_CACHE_MS = 5_000;
const AUTH_CACHE_MAX = 10_000;
type AuthCache = LRUCache<string, { context: Promise<AuthContext | null> }>;

export function createAuthCache(): AuthCache {
  return new LRUCache({ max: AUTH_CACHE_MAX, ttl: AUTH_CACHE_MS });
}

// Decorated on the root instance, so every encapsulated plugin shares the same map.
function authCacheOf(app: FastifyInstance): AuthCache {
  return app.authCacheStore;
}

const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=([^;]+)/;

/** True when the request carries a better-auth session cookie (valid or not). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  const cookie = request.headers.cookie;
  return cookie !== undefined && SESSION_COOKIE.test(cookie);
}

/** The credential a request carries (cookie or bearer token), or undefined. */
export function sessionCredential(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) return `bearer:${authorization.slice(7).trim()}`;
  const cookie = request.headers.cookie;
  const match = cookie ? SESSION_COOKIE.exec(cookie) : null;
  if (!match?.[1]) return undefined;
  try {
    return `cookie:${decodeURIComponent(match[1])}`;
  } catch {
    // Not valid percent-encoding (`=%`): no session, as if the cookie were absent.
    return undefined;
  }
}

/** Forget cached sessions: all of them, or those of one user. */
export function invalidateAuthCache(app: FastifyInstance, userId?: string): void {
  const authCache = authCacheOf(app);
  if (!userId) return authCache.clear();
  for (const [key, entry] of authCache) {
    void entry.context.then((context) => {
      if (context?.user.id === userId) authCache.delete(key);
    });
  }
}

function cachedAuthContext(request: FastifyRequest): Promise<AuthContext | null> {
  const credential = sessionCredential(request);
  if (!credential) return Promise.resolve(null);
  const authCache = authCacheOf(request.server);
  const hit = authCache.get(credential);
  if (hit) return hit.context;
  const context = loadAuthContext(request.server, request);
  const entry = { context };
  authCache.set(credential, entry);
  context.catch(() => {
    if (authCache.get(credential) === entry) authCache.delete(credential);
  });
  return context;
}

/** The caller's session, looked up once per request. */
export function getAuthContext(request: FastifyRequest): Promise<AuthContext | null> {
  request.authContext ??= cachedAuthContext(request);
  return request.authContext;
}

export async function requireUser(request: FastifyRequest): Promise<AuthContext> {
  const context = await getAuthContext(request);
  if (!context) throw unauthorized();
  return context;
}

export async function requireActiveSubscription(request: FastifyRequest): Promise<AuthContext> {
  const context = await requireUser(request);
  // The admin manages the leads, so reads them without paying.
  if (context.user.role !== 'admin' && !isActive(context.subscription)) {
    throw forbidden('An active subscription is required. Choose a plan on the pricing page.');
  }
  return context;
}

export async function requireAdmin(request: FastifyRequest): Promise<AuthContext> {
  const context = await requireUser(request);
  if (context.user.role !== 'admin') throw forbidden('Admin access required');
  return context;
}

const gates: Record<Access, ((request: FastifyRequest) => Promise<unknown>) | undefined> = {
  public: undefined,
  user: requireUser,
  subscriber: requireActiveSubscription,
  admin: requireAdmin,
};

export interface RouteCatalogEntry {
  method: string;
  url: string;
  schema: FastifySchema | undefined;
}

/** Must run before any route is registered: it gates every /api and /dev route from ROUTE_TABLE. */
export function registerAccessControl(app: FastifyInstance): string[] {
  const registered: string[] = [];
  const catalog: RouteCatalogEntry[] = [];
  app.decorate('authCacheStore', createAuthCache());
  app.decorate('routeCatalog', catalog);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') && !route.url.startsWith('/dev')) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) if (method !== 'HEAD') catalog.push({ method, url: route.url, schema: route.schema });
    for (const method of methods) {
      // HEAD answers what GET would, so it passes GET's gate (Fastify adds a HEAD route for every GET).
      const tableMethod = method === 'HEAD' ? 'GET' : method;
      const key = routeKey(tableMethod, route.url);
      const access = ROUTE_TABLE[key];
      if (!access) throw new Error(`Route ${routeKey(method, route.url)} is missing from ROUTE_TABLE (apps/server/src/route-table.ts)`);
      if (method !== 'HEAD') registered.push(key);
      const gate = gates[access];
      if (gate) {
        // Before the route's schemas check the input: a caller without access learns nothing about it (401/403, not 400).
        const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
        route.preValidation = [async (request) => void (await gate(request)), ...existing];
      }
    }
  });
  // OPTIONS runs no handler: the methods the table allows for the path, and nothing else (no CORS).
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'OPTIONS') return;
    const path = request.url.split('?')[0] ?? '';
    if (!path.startsWith('/api')) return;
    const allowed = allowedMethods(path);
    if (allowed.length === 0) return reply.status(404).send({ error: `No API route for OPTIONS ${path}` });
    return reply.status(204).header('allow', ['OPTIONS', ...allowed].join(', ')).send();
  });
  return registered;
}
