// Live subscription status: Server-Sent Events per user, fed by PostgreSQL NOTIFY, so a change made by
// any instance (webhook, test checkout, scheduled job) reaches every open page within a second or two.
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { invalidateAuthCache, loadSubscriptionRecord } from '../../plugins/access.js';
import { SUBSCRIPTION_CHANNEL } from './events.js';

const HEARTBEAT_MS = 25_000;

export class SubscriptionHub {
  private streams = new Map<string, Set<ServerResponse>>();

  add(userId: string, stream: ServerResponse): void {
    const set = this.streams.get(userId) ?? new Set();
    set.add(stream);
    this.streams.set(userId, set);
    stream.on('close', () => {
      set.delete(stream);
      if (set.size === 0) this.streams.delete(userId);
    });
  }

  send(userId: string, data: unknown): void {
    const payload = `event: subscription\ndata: ${JSON.stringify(data)}\n\n`;
    for (const stream of this.streams.get(userId) ?? []) stream.write(payload);
  }

  heartbeat(): void {
    for (const set of this.streams.values()) for (const stream of set) stream.write(': keep-alive\n\n');
  }

  closeAll(): void {
    for (const set of this.streams.values()) for (const stream of set) stream.end();
    this.streams.clear();
  }
}

export async function startLiveStatus(app: FastifyInstance, hub: SubscriptionHub): Promise<void> {
  await app.database.listen(SUBSCRIPTION_CHANNEL, (userId) => {
    invalidateAuthCache(app, userId);
    // Read the fresh record through the same path as /api/me, then tell that user's pages.
    loadSubscriptionRecord(app, userId)
      .then((subscription) => hub.send(userId, { subscription }))
      .catch((error: unknown) => app.log.warn({ err: error }, 'live status: could not send an update'));
  });
  const timer = setInterval(() => hub.heartbeat(), HEARTBEAT_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    hub.closeAll();
  });
}
