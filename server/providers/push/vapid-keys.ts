import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export function vapidKeysPath(dataDir: string): string {
  return join(dataDir, 'vapid.json');
}

/**
 * The configured VAPID keys, else the pair generated on first start and kept in DATA_DIR (mode 600).
 * Browsers subscribe against the public key, so it must outlive restarts: changing it orphans every subscription.
 */
export function loadOrCreateVapidKeys(dataDir: string, configured: { publicKey?: string; privateKey?: string }): VapidKeys {
  if (configured.publicKey && configured.privateKey) return { publicKey: configured.publicKey, privateKey: configured.privateKey };
  const file = vapidKeysPath(dataDir);
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    const generated = webPush.generateVAPIDKeys();
    try {
      writeFileSync(file, JSON.stringify(generated), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance wrote it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  if (typeof stored.publicKey !== 'string' || typeof stored.privateKey !== 'string') {
    throw new Error(`${file} does not hold a VAPID key pair; remove it or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY`);
  }
  return { publicKey: stored.publicKey, privateKey: stored.privateKey };
}
