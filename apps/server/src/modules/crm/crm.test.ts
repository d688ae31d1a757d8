// The pure pieces of Send to CRM: the per-account request window, Retry-After, token sealing, the OAuth state,
// and how a lead's location and contacts' names are split.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createTokenBox, ENCRYPTION_KEY_FILE, loadEncryptionKey } from './crypto.js';
import { retryAfterMs, WindowLimiter } from './http.js';
import { splitLocation, splitName } from './mapping.js';
import { checkOAuthState, makeOAuthState, OAUTH_STATE_TTL_MS } from './state.js';

describe('WindowLimiter', () => {
  it('lets `limit` requests through per window and makes the next wait for the oldest to leave it', async () => {
    const limiter = new WindowLimiter(5, 300);
    const started = Date.now();
    const times: number[] = [];
    for (let index = 0; index < 12; index++) {
      await limiter.take('portal-1');
      times.push(Date.now() - started);
    }
    // Any 300 ms holds at most 5 requests.
    for (let index = 5; index < times.length; index++) expect(times[index]! - times[index - 5]!).toBeGreaterThanOrEqual(300);
    // 12 requests at 5 per 300 ms take two full windows, and not much more.
    expect(times.at(-1)!).toBeGreaterThanOrEqual(600);
    expect(times.at(-1)!).toBeLessThan(1_200);
    // Another account has its own window.
    const other = Date.now();
    await limiter.take('portal-2');
    expect(Date.now() - other).toBeLessThan(50);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates, and waits a second when the header is missing', () => {
    expect(retryAfterMs('2')).toBe(2_000);
    expect(retryAfterMs('0.5')).toBe(500);
    expect(retryAfterMs(new Date(Date.UTC(2026, 0, 1, 0, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(10_000);
    expect(retryAfterMs(null)).toBe(1_000);
    expect(retryAfterMs('soon')).toBe(1_000);
  });
});

describe('token box', () => {
  it('seals with AES-256-GCM: a fresh IV each time, and a changed byte is refused', () => {
    const box = createTokenBox(Buffer.alloc(32, 7));
    const one = box.seal('secret-token');
    expect(one).not.toContain('secret-token');
    expect(box.seal('secret-token')).not.toBe(one);
    expect(box.open(one)).toBe('secret-token');
    const tampered = one.slice(0, -2) + (one.endsWith('A') ? 'BB' : 'AA');
    expect(() => box.open(tampered)).toThrow();
    expect(() => createTokenBox(Buffer.alloc(32, 8)).open(one)).toThrow();
  });

  it('generates a key into DATA_DIR (mode 0600) outside production, keeps it, and refuses production without ENCRYPTION_KEY', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'fundwire-key-'));
    onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
    const key = loadEncryptionKey({ key: undefined, dataDir, env: 'development' });
    expect(key).toHaveLength(32);
    const file = path.join(dataDir, ENCRYPTION_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8').trim()).toBe(key.toString('hex'));
    expect(loadEncryptionKey({ key: undefined, dataDir, env: 'development' }).equals(key)).toBe(true);
    expect(() => loadEncryptionKey({ key: undefined, dataDir, env: 'production' })).toThrow(/ENCRYPTION_KEY/);
    const given = Buffer.alloc(32, 1);
    expect(loadEncryptionKey({ key: given, dataDir, env: 'production' })).toBe(given);
  });
});

describe('OAuth state', () => {
  it('is bound to the user, signed, and expires', () => {
    const state = makeOAuthState('secret', 'user-1', 1_000);
    expect(checkOAuthState('secret', state, 'user-1', 2_000)).toBe(true);
    expect(checkOAuthState('secret', state, 'user-2', 2_000)).toBe(false);
    expect(checkOAuthState('other-secret', state, 'user-1', 2_000)).toBe(false);
    expect(checkOAuthState('secret', state, 'user-1', 1_000 + OAUTH_STATE_TTL_MS + 1)).toBe(false);
    const [user, , nonce, signature] = state.split('.');
    expect(checkOAuthState('secret', [user, String(9e15), nonce, signature].join('.'), 'user-1', 2_000)).toBe(false);
    expect(checkOAuthState('secret', 'x', 'user-1', 2_000)).toBe(false);
  });
});

describe('mapping', () => {
  it('splits locations and names, leaving out what it does not know', () => {
    expect(splitLocation('San Francisco, CA')).toEqual({ city: 'San Francisco', state: 'CA', country: 'United States' });
    expect(splitLocation('London, United Kingdom')).toEqual({ city: 'London', country: 'United Kingdom' });
    expect(splitLocation('Austin, Texas, USA')).toEqual({ city: 'Austin', state: 'Texas', country: 'USA' });
    expect(splitLocation(null)).toEqual({});
    expect(splitName('Ada Lovelace King')).toEqual({ firstname: 'Ada', lastname: 'Lovelace King' });
    expect(splitName('Cher')).toEqual({ firstname: 'Cher', lastname: '' });
  });
});
