// Who is calling: the session (cookie or better-auth bearer token) or a personal API key (`Bearer fw_…`),
// the role and the subscription. requireUser / requireActiveSubscription / requireApiAccess / requireAdmin
// are the only gates, applied from ROUTE_TABLE. An API key is not a session: only 'api' routes accept it.
import { LRUCache } from 'lru-cache';
import { eq } from 'drizzle-orm';
import { API_RATE_LIMIT_PER_MINUTE, type MeSubscription } from '@fundwire/shared';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import { subscriptions, users } from '../db/schema/index.js';
import { AppError, forbidden, unauthorized } from '../errors.js';
import { findApiKey, isApiKeyToken, isWellFormedApiKey, touchApiKey } from './api-key-credentials.js';
import { allowedMethods, ROUTE_TABLE, routeKey, type Access } from '../route-table.js';
import { createSharedRateLimiter, type WindowRateLimiter } from './rate-limit.js';

export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

/** The subscription as the account sees it (GET /api/me's shape, defined once in @fundwire/shared). */
export type SubscriptionRecord = MeSubscription;

export interface AuthContext {
  user: { id: string; email: string; name: string; role: 'user' | 'admin'; emailVerified: boolean };
  sessionId: string;
  subscription: SubscriptionRecord | null;
  /** Set when the caller authenticated with a personal API key rather than a session. */
  apiKeyId?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    authContext?: Promise<AuthContext | null>;
  }
  interface FastifyInstance {
    authCacheStore: AuthCache;
    /** Public API requests per account per minute, counted in the database (decisions 030 and 033). */
    apiRateLimiter: WindowRateLimiter;
    /** API keys whose last use this instance recorded less than a minute ago. */
    apiKeysTouched: LRUCache<string, true>;
    /** Every /api and /dev route with the schemas it declared (route-schemas.int.test.ts checks them). */
    routeCatalog: RouteCatalogEntry[];
  }
}

/** How billing's test mode names its subscriptions; Stripe's own ids never hold an underscore after `sub_`. */
export const TEST_SUBSCRIPTION_PREFIX = 'sub_test_';

/**
 * A subscription the built-in test checkout made, found while Stripe is the payment provider (always so in
 * production): left from development, it grants nothing, and any real subscription replaces it (decision 034).
 */
export function isLeftoverTestSubscription(billingMode: 'stripe' | 'test', subscriptionId: string | null | undefined): boolean {
  return billingMode === 'stripe' && typeof subscriptionId === 'string' && subscriptionId.startsWith(TEST_SUBSCRIPTION_PREFIX);
}

/** active or trialing, and not past the end of a period it was cancelled at. */
export function isActive(subscription: SubscriptionRecord | null, now = Date.now()): boolean {
  if (subscription === null || !(ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status)) return false;
  const ended = subscription.cancelAtPeriodEnd && subscription.currentPeriodEnd !== null && Date.parse(subscription.currentPeriodEnd) <= now;
  return !ended;
}

/** The account's subscription; with Stripe (always in production), one made by test mode counts as none. */
export async function loadSubscriptionRecord(app: FastifyInstance, userId: string): Promise<SubscriptionRecord | null> {
  const [row] = await app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).limit(1);
  if (!row || isLeftoverTestSubscription(app.billing.mode, row.stripeSubscriptionId)) return null;
  return toSubscriptionRecord(row);
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

/** The personal API key a request presents (`Authorization: Bearer fw_…`), valid or not, or undefined. */
export function apiKeyOf(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (!authorization?.startsWith('Bearer ')) return undefined;
  const token = authorization.slice(7).trim();
  return isApiKeyToken(token) ? token : undefined;
}

/** The session credential a request carries (cookie or better-auth bearer token), or undefined. An API key is none. */
export function sessionCredential(request: FastifyRequest): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization?.startsWith('Bearer ')) {
    const token = authorization.slice(7).trim();
    // A key is not a session, and the request's cookie (if any) is not consulted either: one credential per request.
    return isApiKeyToken(token) ? undefined : `bearer:${token}`;
  }
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

export const API_KEY_NOT_A_SESSION = 'API keys open only the public API (/api/v1 and saved searches). Sign in for this route.';
export const INVALID_API_KEY = 'Invalid or revoked API key';

export async function requireUser(request: FastifyRequest): Promise<AuthContext> {
  const context = await getAuthContext(request);
  if (!context) throw unauthorized(apiKeyOf(request) === undefined ? undefined : API_KEY_NOT_A_SESSION);
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

async function loadApiKeyContext(app: FastifyInstance, secret: string): Promise<AuthContext | null> {
  const key = await findApiKey(app.database.db, secret);
  if (!key) return null;
  const [user] = await app.database.db
    .select({ id: users.id, email: users.email, name: users.name, emailVerified: users.emailVerified })
    .from(users)
    .where(eq(users.id, key.userId))
    .limit(1);
  if (!user) return null;
  const role = isAdminAccount(user, app.config.adminEmail) ? 'admin' : 'user';
  return { user: { ...user, role }, sessionId: `api-key:${key.id}`, subscription: await loadSubscriptionRecord(app, user.id), apiKeyId: key.id };
}

/** Keys share the sessions' cache (and its invalidation per user): revoking or a lapsed subscription takes effect as fast. */
function cachedApiKeyContext(app: FastifyInstance, secret: string): Promise<AuthContext | null> {
  // A token of the wrong shape is refused without a lookup, and never takes a place in the cache.
  if (!isWellFormedApiKey(secret)) return Promise.resolve(null);
  const authCache = authCacheOf(app);
  const credential = `api-key:${secret}`;
  const hit = authCache.get(credential);
  if (hit) return hit.context;
  const context = loadApiKeyContext(app, secret);
  const entry = { context };
  authCache.set(credential, entry);
  context.catch(() => {
    if (authCache.get(credential) === entry) authCache.delete(credential);
  });
  return context;
}

const RATE_LIMIT_MESSAGE = `Rate limit exceeded: ${API_RATE_LIMIT_PER_MINUTE} requests a minute per account.`;

/** One request against the account's window, shared by all its keys and its sessions on /api/v1 (429 beyond). */
async function countApiRequest(app: FastifyInstance, userId: string, reply: FastifyReply): Promise<void> {
  const window = await app.apiRateLimiter.hit(userId);
  reply.header('ratelimit-limit', window.limit).header('ratelimit-remaining', window.remaining).header('ratelimit-reset', window.resetSeconds);
  if (!window.allowed) {
    reply.header('retry-after', window.resetSeconds);
    throw new AppError(429, 'rate_limited', `${RATE_LIMIT_MESSAGE} Try again in ${window.resetSeconds} seconds.`);
  }
}

/**
 * The public API: an active subscriber by session (as requireActiveSubscription), or by API key. A key is
 * checked (401), counted against its account's rate limit (429, with the RateLimit-* headers on every answer),
 * then its owner's subscription (403). A session is counted in the same window on /api/v1/* (the web app's own
 * saved-search calls are not), so a second key or a session token buys no extra requests.
 */
export async function requireApiAccess(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext> {
  const secret = apiKeyOf(request);
  const app = request.server;
  if (secret === undefined) {
    const context = await requireActiveSubscription(request);
    if (request.routeOptions.url?.startsWith('/api/v1/')) await countApiRequest(app, context.user.id, reply);
    return context;
  }
  const context = await cachedApiKeyContext(app, secret);
  if (!context?.apiKeyId) throw unauthorized(INVALID_API_KEY);
  request.authContext = Promise.resolve(context);
  await countApiRequest(app, context.user.id, reply);
  if (context.user.role !== 'admin' && !isActive(context.subscription)) {
    throw forbidden("The key's owner has no active subscription. Choose a plan on the pricing page.");
  }
  if (!app.apiKeysTouched.has(context.apiKeyId)) {
    app.apiKeysTouched.set(context.apiKeyId, true);
    await touchApiKey(app.database.db, context.apiKeyId);
  }
  return context;
}

export async function requireAdmin(request: FastifyRequest): Promise<AuthContext> {
  const context = await requireUser(request);
  if (context.user.role !== 'admin') throw forbidden('Admin access required');
  return context;
}

const gates: Record<Access, ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined> = {
  public: undefined,
  user: requireUser,
  subscriber: requireActiveSubscription,
  api: requireApiAccess,
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
  // Counted in the database, so every instance shares each account's window; made on first use (the database is
  // decorated after access control).
  let apiRateLimiter: WindowRateLimiter | undefined;
  app.decorate('apiRateLimiter', {
    hit: (key: string) => (apiRateLimiter ??= createSharedRateLimiter(app.database.db, { max: API_RATE_LIMIT_PER_MINUTE, windowMs: 60_000 }, 'api-account')).hit(key),
  });
  app.decorate('apiKeysTouched', new LRUCache<string, true>({ max: AUTH_CACHE_MAX, ttl: 60_000 }));
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
      // A GET's HEAD names the GET; so does a lone HEAD, which Fastify adds for the trailing-slash twin of a
      // prefixed '/' route (GET /api/docs/ runs no onRoute hook of its own).
      if (!registered.includes(key)) registered.push(key);
      const gate = gates[access];
      if (gate) {
        // Before the route's schemas check the input: a caller without access learns nothing about it (401/403, not 400).
        const existing = route.preValidation ? (Array.isArray(route.preValidation) ? route.preValidation : [route.preValidation]) : [];
        route.preValidation = [async (request, reply) => void (await gate(request, reply)), ...existing];
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
