import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/app';
import { expectedEngines } from '../helpers/test-engines';

describe('the HTTP surface', () => {
  let t: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Cuepoint</title>');
    writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1)');
    t = await createTestApp({}, { webDist });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('answers the health check (naming its engines) and, with its data folder writable, is ready', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    const engines = expectedEngines();
    expect(response.json()).toEqual(engines.health);
    const ready = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: engines.checks() });
  });

  it('serves index.html for unknown page paths and a JSON 404 for unknown API paths and files', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/apps/calendar?view=month' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.body).toContain('<title>Cuepoint</title>');
    expect((await t.app.inject({ method: 'GET', url: '/assets/app.js' })).body).toBe('console.log(1)');
    for (const url of ['/api/nothing-here', '/uploads/missing.png', '/assets/missing.js']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found' });
    }
  });

  it('answers malformed JSON with 400, an oversized body with 413 and a wrong content type with 415', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '{"userName":' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON' });
    const big = await t.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: JSON.stringify({ userName: 'x'.repeat(2_000_000), password: 'abcd' }) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The request body is too large' });
    const text = await t.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'text/xml' }, payload: '<x/>' });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ message: 'Unsupported content type' });
  });

  it('answers an empty body with field messages, not a 500', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/login' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBeTruthy();
  });

  it('serves tRPC queries over HTTP with the same validation', async () => {
    const ok = await t.app.inject({ method: 'GET', url: '/trpc/system.health' });
    expect(ok.json()).toEqual({ result: { data: { status: 'ok' } } });
    const invalid = await t.app.inject({ method: 'POST', url: '/trpc/users.login', payload: { userName: 'ab', password: 'cd' } });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.data.fieldErrors).toEqual({ userName: 'Min character length is 4', password: 'Min character length is 4' });
  });

  it('never leaks a stack trace', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/user/login', headers: { 'content-type': 'application/json' }, payload: '[' });
    expect(response.body).not.toMatch(/at .*\.ts:\d+|node_modules|stack/);
  });
});
