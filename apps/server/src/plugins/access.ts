// Who is calling: the session (cookie or bearer token), the role and the subscription.
// requireUser / requireActiveSubscription / requireAdmin are the only gates, applied from ROUTE_TABLE.
import { eq } from 'drizzle-orm';
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { subscriptions } from '../db/schema/index.js';
import { forbidden, unauthorized } from '../errors.js';
import { ROUTE_TABLE, routeKey, type Access } from '../route-table.js';

export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing'] as const;

export interface SubscriptionRecord {
  status: string;
  priceId: string | null;
  currentPeriodEnd: string | null;
  cancelAtPeriodEnd: boolean;
  willCancelAt: string | null;
}

export interface AuthContext {
  user: { id: string; email: string; name: string; role: 'user' | 'admin' };
  sessionId: string;
  subscription: SubscriptionRecord | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    authContext?: Promise<AuthContext | null>;
  }
}

export function isActive(subscription: SubscriptionRecord | null): boolean {
  return subscription !== null && (ACTIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(subscription.status);
}

async function loadAuthContext(app: FastifyInstance, request: FastifyRequest): Promise<AuthContext | null> {
  const result = await app.auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!result) return null;
  const [row] = await app.database.db.select().from(subscriptions).where(eq(subscriptions.userId, result.user.id)).limit(1);
  const role = (result.user as { role?: string }).role === 'admin' ? 'admin' : 'user';
  return {
    user: { id: result.user.id, email: result.user.email, name: result.user.name, role },
    sessionId: result.session.id,
    subscription: row
      ? {
          status: row.status,
          priceId: row.priceId,
          currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
          cancelAtPeriodEnd: row.cancelAtPeriodEnd,
          willCancelAt: row.willCancelAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** The caller's session, looked up once per request. */
export function getAuthContext(request: FastifyRequest): Promise<AuthContext | null> {
  request.authContext ??= loadAuthContext(request.server, request);
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

/** Must run before any route is registered: it gates every /api and /dev route from ROUTE_TABLE. */
export function registerAccessControl(app: FastifyInstance): string[] {
  const registered: string[] = [];
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api') && !route.url.startsWith('/dev')) return;
    const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((method) => method !== 'HEAD');
    for (const method of methods) {
      const key = routeKey(method, route.url);
      const access = ROUTE_TABLE[key];
      if (!access) throw new Error(`Route ${key} is missing from ROUTE_TABLE (apps/server/src/route-table.ts)`);
      registered.push(key);
      const gate = gates[access];
      if (gate) {
        const existing = route.preHandler ? (Array.isArray(route.preHandler) ? route.preHandler : [route.preHandler]) : [];
        route.preHandler = [async (request) => void (await gate(request)), ...existing];
      }
    }
  });
  return registered;
}
