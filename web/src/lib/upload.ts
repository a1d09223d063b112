import { actingToken, afterFailedCall, type ActingAs } from './acting-session';

/** A failed upload or download on a documented /api path: the HTTP status (0: no answer), the server's message and field errors. */
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

export const networkErrorMessage = 'Network error. Please check your connection.';

export interface UploadOptions {
  /** Whose token goes with the files: the dashboard session's (the default) or the viewer's. */
  actingAs?: ActingAs;
  /** A token of the caller's instead (null: none). */
  token?: string | null;
  /** Called with 0..1 while the body is sent. */
  onProgress?: (fraction: number) => void;
}

/**
 * The one multipart upload of the web app (terms PDFs, avatars, tip icons, chat photos, podcast files, app icons): POSTs
 * the form to a documented /api path with progress, answers the JSON body, and throws ApiError with the server's
 * message (or a network message) when it fails, after the 401 rule (`afterFailedCall`) has had its say.
 */
export function upload<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const token = options.token !== undefined ? options.token : actingToken(options.actingAs ?? 'session');
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', path);
    request.setRequestHeader('accept', 'application/json');
    if (token) request.setRequestHeader('authorization', `Bearer ${token}`);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    request.onerror = () => reject(new ApiError(0, networkErrorMessage));
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
      const serverMessage = typeof message === 'string' ? message : undefined;
      afterFailedCall({ token, status: request.status, path, message: serverMessage });
      reject(
        new ApiError(
          request.status,
          serverMessage && request.status < 500 ? serverMessage : 'Unexpected error. Please try again.',
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
