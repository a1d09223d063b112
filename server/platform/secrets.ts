import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** JWT_SECRET when given; otherwise a secret generated once and kept in `file` (mode 600), its folder made if missing. */
export function loadOrCreateSecret(file: string, configured: string | undefined): string {
  if (configured) return configured;
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; remove it or set JWT_SECRET`);
    return stored;
  }
  mkdirSync(dirname(file), { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  return secret;
}
