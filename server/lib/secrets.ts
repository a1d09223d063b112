import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { secretFilePath } from '@server/config';

/** JWT_SECRET when given; otherwise a secret generated once and kept in DATA_DIR (mode 600). */
export function loadOrCreateSecret(dataDir: string, configured: string | undefined): string {
  if (configured) return configured;
  const file = secretFilePath(dataDir);
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; remove it or set JWT_SECRET`);
    return stored;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
