import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { createJobQueue, enqueueJob, PermanentJobError, RetryLater } from './queue.js';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

async function jobRow(id: string) {
  const row = await t.app.jobs.get(id);
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

describe('the job queue', () => {
  it('runs a job once per key, and again only when asked', async () => {
    const seen: unknown[] = [];
    t.app.jobs.register<{ n: number }>({
      kind: 'test-once',
      run: async (payload) => void seen.push(payload.n),
    });
    const first = await t.app.jobs.enqueue('test-once', 'a', { n: 1 });
    const second = await t.app.jobs.enqueue('test-once', 'a', { n: 2 });
    expect(first.created).toBe(true);
    expect(second).toEqual({ id: first.id, created: false });
    expect(await t.app.jobs.runDue({ kinds: ['test-once'] })).toEqual({
      done: 1,
      failed: 0,
      retried: 0,
    });
    expect(seen).toEqual([1]);
    await t.app.jobs.enqueue('test-once', 'a', { n: 3 });
    expect(await t.app.jobs.runDue({ kinds: ['test-once'] })).toEqual({
      done: 0,
      failed: 0,
      retried: 0,
    });
    await t.app.jobs.enqueue('test-once', 'a', { n: 4 }, { again: true });
    await t.app.jobs.runDue({ kinds: ['test-once'] });
    expect(seen).toEqual([1, 4]);
    expect((await jobRow(first.id)).status).toBe('done');
  });

  it('backs off after a failure, fails after the last attempt, and fails at once on a permanent error', async () => {
    let calls = 0;
    t.app.jobs.register({
      kind: 'test-flaky',
      maxAttempts: 2,
      backoff: { baseMs: 0, maxMs: 0 },
      run: async () =>
        void (
          (calls += 1),
          (() => {
            throw new Error(`boom ${calls}`);
          })()
        ),
    });
    const { id } = await t.app.jobs.enqueue('test-flaky', 'x', {});
    const result = await t.app.jobs.runDue({ kinds: ['test-flaky'] });
    expect(result).toEqual({ done: 0, failed: 1, retried: 1 });
    expect(calls).toBe(2);
    const row = await jobRow(id);
    expect(row.status).toBe('failed');
    expect(row.attempts).toBe(2);
    expect(row.lastError).toBe('boom 2');

    t.app.jobs.register({
      kind: 'test-permanent',
      run: async () => {
        throw new PermanentJobError('bad token');
      },
    });
    const permanent = await t.app.jobs.enqueue('test-permanent', 'x', {});
    expect(await t.app.jobs.runDue({ kinds: ['test-permanent'] })).toEqual({
      done: 0,
      failed: 1,
      retried: 0,
    });
    expect((await jobRow(permanent.id)).lastError).toBe('bad token');
  });

  it('waits the time RetryLater asks for without counting an attempt', async () => {
    let calls = 0;
    t.app.jobs.register({
      kind: 'test-later',
      maxAttempts: 1,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new RetryLater(60_000, 'rate limited');
      },
    });
    const { id } = await t.app.jobs.enqueue('test-later', 'x', {});
    expect(await t.app.jobs.runDue({ kinds: ['test-later'] })).toEqual({
      done: 0,
      failed: 0,
      retried: 1,
    });
    const waiting = await jobRow(id);
    expect(waiting.status).toBe('pending');
    expect(waiting.attempts).toBe(0);
    expect(waiting.runAfter.getTime() - Date.now()).toBeGreaterThan(50_000);
    expect(await t.app.jobs.runDue({ kinds: ['test-later'] })).toEqual({
      done: 0,
      failed: 0,
      retried: 0,
    });
    await t.database.rawTransaction((query) => query(`update jobs set run_after = now() where id = $1`, [id]));
    expect(await t.app.jobs.runDue({ kinds: ['test-later'] })).toEqual({
      done: 1,
      failed: 0,
      retried: 0,
    });
  });

  it('hands a job left by a dead worker to another once its lease runs out', async () => {
    const ran: string[] = [];
    const dead = createJobQueue({
      database: t.database,
      log: t.app.log,
      workerId: 'dead-worker',
      leaseMs: 60_000,
    });
    dead.register({
      kind: 'test-lease',
      run: async () => {
        ran.push('dead');
        await new Promise(() => undefined);
      },
    });
    const { id } = await t.database.rawTransaction((query) => enqueueJob(query, 'test-lease', 'x', {}));
    void dead.runDue({ kinds: ['test-lease'] });
    await expect.poll(async () => (await jobRow(id)).status).toBe('running');
    // The second worker's clock: moved past the dead worker's lease instead of waiting for it to run out.
    let aheadMs = 0;
    const alive = createJobQueue({
      database: t.database,
      log: t.app.log,
      workerId: 'alive-worker',
      clock: () => new Date(Date.now() + aheadMs),
    });
    alive.register({
      kind: 'test-lease',
      run: async () => void ran.push('alive'),
    });
    expect(await alive.runDue({ kinds: ['test-lease'] })).toEqual({
      done: 0,
      failed: 0,
      retried: 0,
    });
    aheadMs = 59_000;
    expect(await alive.runDue({ kinds: ['test-lease'] })).toEqual({
      done: 0,
      failed: 0,
      retried: 0,
    });
    aheadMs = 61_000;
    expect(await alive.runDue({ kinds: ['test-lease'] })).toEqual({
      done: 1,
      failed: 0,
      retried: 0,
    });
    expect(ran).toEqual(['dead', 'alive']);
    const row = await jobRow(id);
    expect(row.status).toBe('done');
    expect(row.attempts).toBe(2);
  });

  it('runs enqueued jobs in the background once started, and hands running ones back on stop', async () => {
    const worker = createJobQueue({
      database: t.database,
      log: t.app.log,
      workerId: 'bg-worker',
    });
    const done: string[] = [];
    let release: () => void = () => undefined;
    worker.register<{ name: string }>({
      kind: 'test-bg',
      run: async (payload, { signal }) => {
        if (payload.name === 'slow')
          await new Promise<void>((resolve, reject) => {
            release = resolve;
            signal.addEventListener('abort', () => reject(new Error('stopped')));
          });
        done.push(payload.name);
      },
    });
    worker.start({ pollMs: 60_000 });
    await worker.enqueue('test-bg', 'fast', { name: 'fast' });
    await expect.poll(() => done).toEqual(['fast']);
    const slow = await worker.enqueue('test-bg', 'slow', { name: 'slow' });
    await expect.poll(async () => (await jobRow(slow.id)).status).toBe('running');
    await worker.stop();
    release();
    const row = await jobRow(slow.id);
    expect(row.status).toBe('pending');
    expect(row.attempts).toBe(0);
  });
});
