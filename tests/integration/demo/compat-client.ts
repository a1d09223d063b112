import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { bearer } from '../../helpers/app';
import { useSeededDemoApp, type DemoTestContext } from './part2-setup';

/**
 * Replays requests exactly as the original template's client (Fuse React v4, axios) sends them:
 * `params` become a query string without the undefined ones, an object body is JSON, and a string body
 * goes out raw as application/x-www-form-urlencoded (axios's default for a string).
 */
export interface TemplateClient {
  t: DemoTestContext;
  get<T = unknown>(url: string, params?: Record<string, string | number | undefined>): Promise<T>;
  post<T = unknown>(url: string, data: unknown): Promise<T>;
  raw(method: 'GET' | 'POST', url: string, data?: unknown, params?: Record<string, string | number | undefined>): Promise<LightMyRequestResponse>;
}

export function useTemplateClient(): TemplateClient {
  const t = useSeededDemoApp();
  const raw: TemplateClient['raw'] = (method, url, data, params) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(params ?? {})) if (value !== undefined) query.append(key, String(value));
    const fullUrl = query.size ? `${url}?${query}` : url;
    const headers: Record<string, string> = { ...bearer(t.staff.token) };
    let payload: string | undefined;
    if (method === 'POST') {
      if (typeof data === 'string') {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = data;
      } else {
        headers['content-type'] = 'application/json;charset=utf-8';
        payload = JSON.stringify(data);
      }
    }
    return t.testApp.app.inject({ method, url: fullUrl, headers, payload });
  };
  const ok = <T>(response: LightMyRequestResponse): T => {
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };
  return {
    t,
    raw,
    get: async (url, params) => ok(await raw('GET', url, undefined, params)),
    post: async (url, data) => ok(await raw('POST', url, data)),
  };
}

/** A GUID like the template's FuseUtils.generateGUID(). */
export const templateGuid = () => Math.random().toString(16).slice(2, 18).padEnd(16, '0');
