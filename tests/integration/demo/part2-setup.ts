import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { collection } from '@server/domains/demo/demo.store';
import { seedDemoApps } from '../../../seed/demo/index';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';

export interface DemoTestContext {
  testApp: TestApp;
  staff: TestUser;
  viewer: TestUser;
  get(url: string, token?: string | null): Promise<LightMyRequestResponse>;
  post(url: string, payload: unknown, token?: string | null): Promise<LightMyRequestResponse>;
  /** The documents of a demo collection as stored (demo_documents, in order). */
  stored<T extends { id: string | number }>(name: string): Promise<T[]>;
}

/** One app per test file, seeded with every sample app; a staff account and a viewer account. */
export function useSeededDemoApp(): DemoTestContext {
  const context = {} as DemoTestContext;
  beforeAll(async () => {
    const testApp = await createTestApp();
    await seedDemoApps(testApp.app.services.db, { reset: true });
    const staff = await createUser(testApp.app, { role: 'staff' });
    const viewer = await createUser(testApp.app, { role: 'viewer' });
    Object.assign(context, {
      testApp,
      staff,
      viewer,
      get: (url: string, token: string | null = staff.token) =>
        testApp.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} }),
      post: (url: string, payload: unknown, token: string | null = staff.token) =>
        testApp.app.inject({
          method: 'POST',
          url,
          headers: { ...(token ? bearer(token) : {}), 'content-type': 'application/json' },
          payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
        }),
      stored: <T extends { id: string | number }>(name: string) => collection<T>(testApp.app.services.db, name).list(),
    });
  });
  afterAll(async () => {
    await context.testApp?.close();
  });
  return context;
}

/** A read-only sample path: answers exactly the seeded data to a non-viewer, 401 without a token, 403 to a viewer. */
export function itAnswersSeededData(t: DemoTestContext, path: string, expected: () => unknown): void {
  it(`GET ${path} answers the seeded data`, async () => {
    const response = await t.get(path);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(expected());
  });

  it(`GET ${path} answers 401 without a token and 403 for a viewer`, async () => {
    const anonymous = await t.get(path, null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Invalid access_token' });
    const viewer = await t.get(path, t.viewer.token);
    expect(viewer.statusCode).toBe(403);
    expect(viewer.json()).toEqual({ message: 'You do not have permission to do this' });
  });
}
