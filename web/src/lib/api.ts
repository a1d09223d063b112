import { sessionMessages, shouldLogoutOnError } from '@web/app/session-rules';
import { useSession } from './session-store';

/** A failed REST call: the HTTP status, the server's message and its field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  /** Use this token instead of the session's (e.g. exiting an emulation); `null` sends none. */
  token?: string | null;
  /** Skip the automatic logout on 401 (the caller handles it). */
  noAutoLogout?: boolean;
}

/** fetch for the documented /api paths: JSON in and out, bearer token, `{ message, errors }` failures. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const token = options.token === undefined ? useSession.getState().token : options.token;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection.');
  }
  const text = await response.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const body = (data ?? {}) as { message?: unknown; errors?: unknown };
    const message = typeof body.message === 'string' ? body.message : `Request failed (${response.status})`;
    const fields = body.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
    if (!options.noAutoLogout && options.token === undefined && shouldLogoutOnError({ status: response.status, path, sentToken: !!token })) {
      useSession.getState().logout(sessionMessages.invalidToken);
    }
    throw new ApiError(response.status, message, fields);
  }
  return data as T;
}

/** Downloads a file from an /api path with the session's token (a plain link cannot carry it), under the server's file name. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = useSession.getState().token;
  let response: Response;
  try {
    response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, 'Network error. Please check your connection.');
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: unknown };
    throw new ApiError(response.status, typeof body.message === 'string' ? body.message : `Request failed (${response.status})`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await response.blob());
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
