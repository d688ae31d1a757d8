// CRM tokens at rest: AES-256-GCM with ENCRYPTION_KEY, or (outside production) a key generated once into
// DATA_DIR/encryption.key with mode 0600. A stored value is "v1.<iv>.<tag>.<ciphertext>" in base64url.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const ENCRYPTION_KEY_FILE = 'encryption.key';

export interface TokenBox {
  seal(plain: string): string;
  open(sealed: string): string;
}

/** The key from config, else the one kept in dataDir (made on first use). Production never reaches the file. */
export function loadEncryptionKey(options: { key: Buffer | undefined; dataDir: string; env: string }): Buffer {
  if (options.key) return options.key;
  if (options.env === 'production') throw new Error('ENCRYPTION_KEY must be set when NODE_ENV=production');
  const file = path.join(options.dataDir, ENCRYPTION_KEY_FILE);
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
    if (key.length !== 32) throw new Error(`${file} does not hold a 32-byte key`);
    return key;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  // wx: two instances starting at once cannot both write; the loser reads the winner's key.
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return loadEncryptionKey(options);
    throw error;
  }
}

export function createTokenBox(key: Buffer): TokenBox {
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) throw new Error('not a sealed token');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    },
  };
}
