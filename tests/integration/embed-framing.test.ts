import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';

describe('framing of the embed pages', () => {
  let test: TestApp;
  let webDist: string;
  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Cuepoint</title>');
    test = await createTestApp({}, { webDist });
  });
  afterAll(async () => {
    await test.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('lets any site frame /embed/… pages', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/embed/mara_quill/abc/player' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['content-security-policy']).toMatch(/frame-ancestors \*/);
  });

  it('keeps the event page and the rest of the app same-origin only', async () => {
    for (const url of ['/events/mara_quill', '/apps/calendar', '/embedded/x']) {
      const response = await test.app.inject({ method: 'GET', url });
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(response.headers['content-security-policy'] ?? '', url).not.toMatch(/frame-ancestors \*/);
    }
  });
});
