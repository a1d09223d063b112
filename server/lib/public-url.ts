import type { AppConfig } from '@server/config';

/** The origin links we hand out are built on: PUBLIC_URL, else the local address. */
export function publicOrigin(config: Pick<AppConfig, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
