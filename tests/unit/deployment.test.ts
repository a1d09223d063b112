import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '@server/config';
import { projectPath } from '@common/node/project-paths';

/**
 * No docker engine runs here, so compose.yaml and deploy/nginx.conf are checked by reading them: the app replicas'
 * environment is one the server accepts in production, and nginx sends every websocket path of the server upstream.
 */
// Merge keys (`<<: *app`) as docker compose reads them.
const compose = parse(readFileSync(projectPath('compose.yaml'), 'utf8'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string>; healthcheck?: { test: string[] }; ports?: string[] }>;
};
const nginx = readFileSync(projectPath('deploy', 'nginx.conf'), 'utf8');
const serverSource = (file: string) => readFileSync(projectPath(file), 'utf8');

/** `${NAME:?message}` and `${NAME:-default}` filled in as docker compose would from a .env file. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::[?-][^}]*)?\}/g, (_match, name: string) => env[name] ?? '');
}

describe('compose.yaml', () => {
  const appServices = Object.entries(compose.services).filter(([, service]) => service.environment?.DATABASE_URL);
  const dotEnv = {
    PUBLIC_URL: 'https://cuepoint.example.com',
    JWT_SECRET: 'a'.repeat(48),
    ADMIN_PASSWORD: 'a-long-admin-password',
    POSTGRES_PASSWORD: 'pg-password',
    MINIO_ROOT_PASSWORD: 'minio-password',
    VAPID_PUBLIC_KEY: 'B'.repeat(87),
    VAPID_PRIVATE_KEY: 'C'.repeat(43),
    PUBLIC_IP: '203.0.113.7',
  };

  it('runs two app replicas on PostgreSQL, Redis and the bucket', () => {
    expect(appServices.map(([name]) => name)).toEqual(['app1', 'app2']);
    const environment = Object.fromEntries(
      Object.entries(appServices[0]![1].environment!).map(([key, value]) => [key, interpolate(String(value), dotEnv)]),
    );
    const config = loadConfig(environment);
    expect(config.env).toBe('production');
    expect(config.databaseUrl).toBe('postgres://cuepoint:pg-password@postgres:5432/cuepoint');
    expect(config.redis?.url).toBe('redis://redis:6379');
    expect(config.storage).toMatchObject({ kind: 's3', bucket: 'cuepoint', endpoint: 'http://minio:9000', forcePathStyle: true });
    expect(config.trustProxy).toBe(1);
  });

  it('publishes each replica’s own WebRTC UDP range, the one it listens on, and names the public address', () => {
    const ranges = appServices.map(([, service]) => {
      const config = loadConfig(Object.fromEntries(Object.entries(service.environment!).map(([key, value]) => [key, interpolate(String(value), dotEnv)])));
      expect(config.live.webrtc.publicIp).toBe('203.0.113.7');
      const [first, last] = config.live.webrtc.udpPorts;
      expect(service.ports).toContain(`${first}-${last}:${first}-${last}/udp`);
      return [first, last] as const;
    });
    expect(ranges[0]![1] < ranges[1]![0] || ranges[1]![1] < ranges[0]![0]).toBe(true);
  });

  it('names only variables the server reads', () => {
    const configSource = serverSource('server/config.ts');
    for (const [, service] of appServices) {
      for (const name of Object.keys(service.environment!)) expect(configSource, name).toContain(`${name}:`);
    }
  });

  it('checks the replicas on /readyz, which the server answers', () => {
    for (const [, service] of appServices) expect(service.healthcheck?.test.join(' ')).toContain('/readyz');
    expect(serverSource('server/app.ts')).toMatch(/['"]\/readyz['"]/);
  });
});

describe('deploy/nginx.conf', () => {
  it('balances over the compose replicas for HTTP and RTMP', () => {
    const httpUpstream = /upstream cuepoint \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    const rtmpUpstream = /upstream cuepoint_rtmp \{([^}]*)\}/.exec(nginx)?.[1] ?? '';
    for (const replica of ['app1', 'app2']) {
      expect(httpUpstream).toContain(`server ${replica}:3000`);
      expect(rtmpUpstream).toContain(`server ${replica}:1935`);
    }
  });

  it('upgrades every websocket path the server has', () => {
    const websocketPaths = ['server/trpc/ws.ts', 'server/domains/hub/hub.signalr.ts']
      .flatMap((file) => [...serverSource(file).matchAll(/app\.get\('([^']+)', \{ websocket: true \}/g)].map((match) => match[1]!));
    expect(websocketPaths.sort()).toEqual(['/msgHub', '/trpc']);
    for (const path of websocketPaths) expect(nginx).toMatch(new RegExp(`location = ${path} \\{[^}]*proxy_pass`));
    expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
    expect(nginx).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
  });
});
