import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { analyticsSalts } from '@db/schema/analytics';
import { openDatabase, type DatabaseHandle } from '@db/client';
import { ListenerKeys, listenerAddress } from '@server/platform/listener-keys';

const dayMs = 24 * 3600_000;
let dir: string;
let database: DatabaseHandle;
let now: number;
const keys = () => new ListenerKeys(database.db, { now: () => now });

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'cuepoint-listener-keys-'));
  database = openDatabase(join(dir, 'cuepoint.db'));
  now = Date.parse('2026-11-27T23:00:00.000Z');
});
afterEach(async () => {
  await database.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('listenerAddress', () => {
  it('keeps IPv4 whole (IPv4-mapped too) and cuts IPv6 to its /64 however it is written', () => {
    expect(listenerAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(listenerAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(listenerAddress('2001:db8:1:2:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:1:2::/64');
    expect(listenerAddress('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(listenerAddress('2001:0db8:0001:0002::ffff')).toBe('2001:db8:1:2::/64');
    expect(listenerAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(listenerAddress('2001:db8:1:3::1')).not.toBe(listenerAddress('2001:db8:1:2::1'));
  });
});

describe('ListenerKeys', () => {
  it('keys one listener the same all day and across instances, tells User-Agents apart, and never stores the address', async () => {
    const a = keys();
    const b = keys();
    await a.ready();
    await b.ready();
    const key = a.keyOf('203.0.113.7', 'Overcast/3.0');
    expect(b.keyOf('203.0.113.7', 'Overcast/3.0')).toEqual(key);
    expect(a.keyOf('203.0.113.7', 'Spotify/8.9')).not.toEqual(key);
    expect(key.current).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const stored = JSON.stringify(await database.db.select().from(analyticsSalts));
    expect(stored).not.toContain('203.0.113.7');
  });

  it('after midnight UTC looks the listener up under yesterday’s key too; salts older than 48 hours are deleted', async () => {
    const first = keys();
    await first.ready();
    const yesterday = first.keyOf('203.0.113.7', 'Overcast/3.0');
    expect(yesterday.previous).toBeNull();
    now += 2 * 3600_000;
    await first.ready();
    const today = first.keyOf('203.0.113.7', 'Overcast/3.0');
    expect(today.previous).toBe(yesterday.current);
    expect(today.current).not.toBe(yesterday.current);
    now += 2 * dayMs;
    await first.ready();
    expect((await database.db.select().from(analyticsSalts)).map((row) => row.day)).not.toContain('2026-11-27');
    expect(first.keyOf('203.0.113.7', 'Overcast/3.0').previous).not.toBe(yesterday.current);
  });

  it('makes a request’s key once (the request log and the counter share it)', async () => {
    const listenerKeys = keys();
    await listenerKeys.ready();
    const keyOf = vi.spyOn(listenerKeys, 'keyOf');
    const request = { ip: '2001:db8:1:2::9', headers: { 'user-agent': 'AntennaPod/3.4' } };
    const key = listenerKeys.keyOfRequest(request);
    expect(listenerKeys.keyOfRequest(request)).toBe(key);
    expect(keyOf).toHaveBeenCalledTimes(1);
    expect(listenerKeys.keyOfRequest({ ...request })).toEqual(key);
    expect(keyOf).toHaveBeenCalledTimes(2);
  });
});
