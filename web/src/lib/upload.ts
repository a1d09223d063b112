import { sessionMessages, shouldLogoutOnError } from '@web/app/session-rules';
import { ApiError } from './api';
import { useSession } from './session-store';

export interface UploadOptions {
  /** 0..1 while the body is sent. */
  onProgress?(fraction: number): void;
}

/**
 * Posts a multipart form to a documented /api path with the session's bearer token, reporting upload
 * progress. Failures are `ApiError`s with the server's message and field errors; a 401 logs out.
 */
export function uploadForm<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const token = useSession.getState().token;
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'Network error. Please check your connection.'));
    request.onload = () => {
      let body: { message?: unknown; errors?: unknown } | null = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) return resolve(body as T);
      if (shouldLogoutOnError({ status: request.status, path, sentToken: !!token })) useSession.getState().logout(sessionMessages.invalidToken);
      const message = typeof body?.message === 'string' && request.status < 500 ? body.message : 'Unexpected error. Please try again.';
      const fields = body?.errors && typeof body.errors === 'object' ? (body.errors as Record<string, string>) : {};
      reject(new ApiError(request.status, message, fields));
    };
    request.send(form);
  });
}
