import { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';

export type FieldErrors = Record<string, string>;

/** A failure that belongs to named form fields (e.g. "email already taken"). */
export class FieldValidationError extends Error {
  constructor(
    message: string,
    readonly fields: FieldErrors,
  ) {
    super(message);
    this.name = 'FieldValidationError';
  }
}

export function fieldError(code: 'BAD_REQUEST' | 'CONFLICT', message: string, fields: FieldErrors): TRPCError {
  return new TRPCError({ code, message, cause: new FieldValidationError(message, fields) });
}

export function zodFieldErrors(error: ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${issue.path.join('.')}.` : '';
      for (const key of issue.keys) fields[`${prefix}${key}`] ??= 'Unknown field';
      continue;
    }
    const key = issue.path.length ? issue.path.join('.') : '_';
    if (!(key in fields)) fields[key] = issue.message;
  }
  return fields;
}

export function fieldErrorsOf(error: TRPCError): FieldErrors | undefined {
  const cause = error.cause;
  if (cause instanceof ZodError) return zodFieldErrors(cause);
  if (cause instanceof FieldValidationError) return cause.fields;
  return undefined;
}

/** Message shown for an input that failed validation: the first field message, which is the spec's text. */
export function validationMessage(fields: FieldErrors): string {
  const first = Object.values(fields)[0];
  return first ?? 'Invalid input';
}

export const httpStatusOfCode: Record<TRPCError['code'], number> = {
  PARSE_ERROR: 400,
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_SUPPORTED: 405,
  TIMEOUT: 408,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  PRECONDITION_REQUIRED: 428,
  TOO_MANY_REQUESTS: 429,
  CLIENT_CLOSED_REQUEST: 499,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

export interface ErrorBody {
  message: string;
  errors?: FieldErrors;
}

/** One mapping from a thrown error to the REST status and body. Never leaks stacks or internals. */
export function toHttpError(error: unknown): { status: number; body: ErrorBody } {
  if (error instanceof TRPCError) {
    const status = httpStatusOfCode[error.code] ?? 500;
    const fields = fieldErrorsOf(error);
    if (status >= 500 && error.code !== 'SERVICE_UNAVAILABLE') {
      return { status, body: { message: 'Unexpected error. Please try again.' } };
    }
    if (fields) {
      const message = error.cause instanceof ZodError ? validationMessage(fields) : error.message;
      return { status, body: { message, errors: fields } };
    }
    return { status, body: { message: error.message } };
  }
  if (error instanceof ZodError) {
    const fields = zodFieldErrors(error);
    return { status: 400, body: { message: validationMessage(fields), errors: fields } };
  }
  return { status: 500, body: { message: 'Unexpected error. Please try again.' } };
}
