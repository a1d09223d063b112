import { sessionMessages, shouldLogoutOnError } from '@web/app/session-rules';
import { ApiError } from './api';
import { useSession } from './session-store';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0..1 */
  fraction: number;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  onProgress?(progress: UploadProgress): void;
  signal?: AbortSignal;
}

export type FormValues = Record<string, string | Blob | null | undefined>;

/**
 * The one multipart upload helper: sends form fields and files with the session's token, reports upload
 * progress, and fails with an `ApiError` carrying the server's `{ message, errors }` (a 401 logs out).
 */
export function upload<T>(path: string, values: FormValues, options: UploadOptions = {}): Promise<T> {
  const token = useSession.getState().token;
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (value instanceof File) form.append(name, value, value.name);
    else form.append(name, value);
  }
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method ?? 'POST', path);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (!event.lengthComputable) return;
      options.onProgress?.({ loaded: event.loaded, total: event.total, fraction: event.total ? event.loaded / event.total : 0 });
    };
    request.onerror = () => reject(new ApiError(0, 'Network error. Please check your connection.'));
    request.onabort = () => reject(new ApiError(0, 'The upload was cancelled'));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as T);
      const failure = (body ?? {}) as { message?: unknown; errors?: unknown };
      if (shouldLogoutOnError({ status: request.status, path, sentToken: !!token })) useSession.getState().logout(sessionMessages.invalidToken);
      const message =
        typeof failure.message === 'string' && failure.message && request.status < 500 ? failure.message : 'Unexpected error. Please try again.';
      const fields = failure.errors && typeof failure.errors === 'object' ? (failure.errors as Record<string, string>) : {};
      reject(new ApiError(request.status, message, fields));
    };
    options.signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}
