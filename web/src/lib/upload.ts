import { msg } from '@lingui/core/macro';
import { actingToken, afterFailedCall, type ActingAs } from './acting-session';
import { i18n } from './i18n/i18n';

/** A failed upload or download on a documented /api path: the HTTP status (0: no answer), the server's message and field errors. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
    /** The answer's stable code (`reason`, e.g. a plan refusal's), told apart by code rather than by its translated text. */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

const failureTexts = {
  network: msg`Network error. Please check your connection.`,
  unexpected: msg`Unexpected error. Please try again.`,
};

/** "Network error. Please check your connection." in the active language. */
export const networkErrorMessage = (): string => i18n._(failureTexts.network);

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
    request.onerror = () => reject(new ApiError(0, networkErrorMessage()));
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
      const { message, errors, reason } = (body ?? {}) as { message?: unknown; errors?: unknown; reason?: unknown };
      const serverMessage = typeof message === 'string' ? message : undefined;
      afterFailedCall({ token, status: request.status, path, message: serverMessage });
      reject(
        new ApiError(
          request.status,
          serverMessage && request.status < 500 ? serverMessage : i18n._(failureTexts.unexpected),
          errors && typeof errors === 'object' ? (errors as Record<string, string>) : {},
          typeof reason === 'string' ? reason : undefined,
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

/** The photo rule of platform.md §5 (profile, viewer and chat photos): a square of 50 to 200 px, jpeg or png. */
export const photoSide = { min: 50, max: 200 } as const;
const photoTypes = ['image/jpeg', 'image/png'];

/** Which square of a width×height image is kept (centred, its shorter side) and the side it is drawn at. */
export interface SquareFit {
  /** The kept square's left and top edge in the source, in pixels. */
  sx: number;
  sy: number;
  /** The kept square's side in the source. */
  sourceSide: number;
  /** The side of the uploaded square: the source side brought within min..max. */
  side: number;
  /** False when the image already is a square of an allowed size (it is uploaded as it is). */
  changes: boolean;
}

/**
 * The centre crop to a square and the scale into the allowed sides (pure math, unit-tested): a 4032×3024 phone photo
 * keeps its middle 3024×3024 and is drawn at 200 px; a 40 px square grows to 50 px. Null for an image without pixels.
 */
export function squarePhotoFit(width: number, height: number, limits: { min: number; max: number } = photoSide): SquareFit | null {
  if (!Number.isFinite(width) || !Number.isFinite(height) || width < 1 || height < 1) return null;
  const w = Math.floor(width);
  const h = Math.floor(height);
  const sourceSide = Math.min(w, h);
  const side = Math.min(limits.max, Math.max(limits.min, sourceSide));
  return { sx: Math.floor((w - sourceSide) / 2), sy: Math.floor((h - sourceSide) / 2), sourceSide, side, changes: w !== h || side !== sourceSide };
}

/**
 * Makes a chosen photo fit the photo rule before it is uploaded: centre-cropped to a square and scaled to 50–200 px in
 * the browser, keeping its type (PNG stays PNG, JPEG stays JPEG) and name. A file that already fits, a type the rule
 * does not take or an image the browser cannot read is answered unchanged, so the checks (and the server) refuse it
 * with the rule's message. EXIF rotation is applied, as the browser shows the photo.
 */
export async function fitSquarePhoto(file: File): Promise<File> {
  if (!photoTypes.includes(file.type) || typeof createImageBitmap !== 'function') return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const fit = squarePhotoFit(bitmap.width, bitmap.height);
    if (!fit || !fit.changes) return file;
    const canvas = document.createElement('canvas');
    canvas.width = fit.side;
    canvas.height = fit.side;
    const context = canvas.getContext('2d');
    if (!context) return file;
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, fit.sx, fit.sy, fit.sourceSide, fit.sourceSide, 0, 0, fit.side, fit.side);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, file.type, 0.9));
    return blob ? new File([blob], file.name, { type: file.type, lastModified: file.lastModified }) : file;
  } finally {
    bitmap.close();
  }
}
