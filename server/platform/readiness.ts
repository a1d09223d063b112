/**
 * `/readyz`: whether this instance can serve now. Each engine the instance depends on adds a named probe (Redis when
 * `REDIS_URL` is set; a database or an object store adds its own the same way); the instance is ready when every
 * probe passes. A probe answers quickly from the engine's connection state, never waiting for a timeout.
 */
export interface ReadinessProbe {
  name: string;
  check(): boolean | Promise<boolean>;
}

export interface Readiness {
  ready: boolean;
  checks: Record<string, 'ok' | 'unavailable'>;
}

export async function readiness(probes: readonly ReadinessProbe[]): Promise<Readiness> {
  const results = await Promise.all(
    probes.map(async (probe) => {
      try {
        return [probe.name, (await probe.check()) ? 'ok' : 'unavailable'] as const;
      } catch {
        return [probe.name, 'unavailable'] as const;
      }
    }),
  );
  return { ready: results.every(([, state]) => state === 'ok'), checks: Object.fromEntries(results) };
}
