import { expect } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { clearDemoApp } from '@server/domains/demo/demo.store';
import type { DemoSeeder } from '../../../seed/demo/index';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';

/** A test app with one sample app seeded, a staff member (allowed) and a viewer (refused) account. */
export interface DemoTestApp extends TestApp {
  staff: TestUser;
  viewer: TestUser;
  reseed(): Promise<void>;
  get(url: string, token?: string | null): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown, token?: string | null): Promise<LightMyRequestResponse>;
}

export async function createDemoTestApp(seeder: DemoSeeder): Promise<DemoTestApp> {
  const test = await createTestApp();
  const db = test.app.services.db;
  const reseed = async () => {
    await clearDemoApp(db, seeder.app);
    await seeder.seed(db);
  };
  await reseed();
  const staff = await createUser(test.app, { role: 'staff' });
  const viewer = await createUser(test.app, { role: 'viewer' });
  const send = (app: FastifyInstance, options: InjectOptions, token: string | null) =>
    app.inject({ ...options, headers: { ...(token ? bearer(token) : {}), ...(options.headers ?? {}) } });
  return {
    ...test,
    staff,
    viewer,
    reseed,
    get: (url, token = staff.token) => send(test.app, { method: 'GET', url }, token),
    post: (url, payload, token = staff.token) => send(test.app, { method: 'POST', url, payload: payload as InjectOptions['payload'] }, token),
  };
}

export interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
}

/** Without a token the call answers 401, with a viewer token 403, and neither reaches the app. */
export async function expectGuarded(t: DemoTestApp, endpoint: Endpoint): Promise<void> {
  const call = (token: string | null) => (endpoint.method === 'GET' ? t.get(endpoint.url, token) : t.post(endpoint.url, endpoint.payload ?? {}, token));
  const anonymous = await call(null);
  expect(anonymous.statusCode).toBe(401);
  expect(anonymous.json()).toEqual({ message: 'Invalid access_token' });
  const viewer = await call(t.viewer.token);
  expect(viewer.statusCode).toBe(403);
  expect(viewer.json()).toEqual({ message: 'You do not have permission to do this' });
}
