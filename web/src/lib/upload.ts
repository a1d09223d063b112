import { ApiError } from './api';

export interface UploadOptions {
  /** Bearer token to send; none when null/undefined. */
  token?: string | null;
  /** Called with 0..1 while the body is sent. */
  onProgress?: (fraction: number) => void;
}

/**
 * The one multipart upload helper: POSTs the form to a documented /api path with progress, answers the
 * JSON body, throws ApiError with the server's message (or a network message) when it fails.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    if (options.token) request.setRequestHeader('authorization', `Bearer ${options.token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, 'Network error. Please check your connection.'));
    request.onload = () => {
      let body: unknown = null;
      try {
        body = request.responseText ? JSON.parse(request.responseText) : null;
      } catch {
        body = null;
      }
      if (request.status >= 200 && request.status < 300) {
        resolve(body as T);
        return;
      }
      const { message, errors } = (body ?? {}) as { message?: unknown; errors?: unknown };
      reject(
        new ApiError(
          request.status,
          typeof message === 'string' && request.status < 500 ? message : 'Unexpected error. Please try again.',
          errors && typeof errors === 'object' ? (errors as Record<string, string>) : {},
        ),
      );
    };
    request.send(form);
  });
}

/** A FormData of text fields and files; null and undefined values are left out. */
export function toFormData(values: Record<string, string | Blob | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(values)) {
    if (value === null || value === undefined) continue;
    if (value instanceof File) form.append(name, value, value.name);
    else form.append(name, value);
  }
  return form;
}
