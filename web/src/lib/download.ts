import { msg } from '@lingui/core/macro';
import { actingToken, afterFailedCall } from './acting-session';
import { i18n } from './i18n/i18n';
import { ApiError, networkErrorMessage } from './upload';

/** GET outside tRPC: files and documents the server serves as they are. Throws ApiError when there is no good answer. */
async function get(path: string, init: RequestInit = {}): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(0, networkErrorMessage());
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => ({}))) as { message?: unknown };
  const status = response.status;
  throw new ApiError(status, typeof body.message === 'string' ? body.message : i18n._(msg`Request failed (${status})`));
}

/** Downloads a file from an /api path with the session's token (a plain link cannot carry it), under the server's file name. */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  const token = actingToken('session');
  let response: Response;
  try {
    response = await get(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch (error) {
    if (error instanceof ApiError) afterFailedCall({ token, status: error.status, path, message: error.message });
    throw error;
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  saveFile(await response.blob(), name);
}

/** Hands a file made in the browser (a CSV export) to the browser's download, under `name`. */
export function saveFile(file: Blob, name: string): void {
  const url = URL.createObjectURL(file);
  const link = Object.assign(document.createElement('a'), { href: url, download: name });
  document.body.append(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A public JSON document (the OpenAPI document at /api/openapi.json). */
export async function readJson<T>(path: string): Promise<T> {
  return (await (await get(path, { headers: { accept: 'application/json' } })).json()) as T;
}

/** A public text file (an episode's chapters or transcript under /uploads). */
export async function readText(url: string): Promise<string> {
  return (await get(url, { credentials: 'same-origin' })).text();
}

/** The server's answer to an SDP exchange: the status (0: no answer), the body as text, and the session's `Location`. */
export interface SdpAnswer {
  status: number;
  text: string;
  location: string | null;
}

/**
 * One WHIP/WHEP exchange (RFC 9725): POSTs an `application/sdp` offer with an optional Bearer token and answers the
 * status, the body (the SDP answer, or the refusal text to show) and the `Location` of the session; never throws.
 */
export async function postSdp(url: string, offer: string, bearer: string | null): Promise<SdpAnswer> {
  const headers: Record<string, string> = { 'content-type': 'application/sdp' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  try {
    const response = await fetch(url, { method: 'POST', headers, body: offer });
    return { status: response.status, text: await response.text(), location: response.headers.get('location') };
  } catch {
    return { status: 0, text: networkErrorMessage(), location: null };
  }
}

/** Ends a WHIP/WHEP session at its `Location` (DELETE, with the Bearer token when there is one); sent with keepalive, so it still goes out while the tab closes. */
export async function deleteSdpSession(url: string, bearer: string | null): Promise<number> {
  try {
    const response = await fetch(url, { method: 'DELETE', headers: bearer ? { authorization: `Bearer ${bearer}` } : {}, keepalive: true });
    return response.status;
  } catch {
    return 0;
  }
}
