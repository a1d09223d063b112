import { ZodError } from 'zod';

/**
 * What a refusal means, named as HTTP and tRPC both understand it. Domain services and platform code throw
 * `DomainError`; the transports map it (tRPC: server/trpc/errors.ts, REST and Fastify routes: `toHttpError` below).
 */
export type DomainErrorCode =
  | 'BAD_REQUEST'
  | 'UNAUTHORIZED'
  | 'PAYMENT_REQUIRED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'PRECONDITION_FAILED'
  | 'PAYLOAD_TOO_LARGE'
  | 'UNSUPPORTED_MEDIA_TYPE'
  | 'UNPROCESSABLE_CONTENT'
  | 'TOO_MANY_REQUESTS'
  | 'INTERNAL_SERVER_ERROR'
  | 'NOT_IMPLEMENTED'
  | 'BAD_GATEWAY'
  | 'SERVICE_UNAVAILABLE'
  | 'GATEWAY_TIMEOUT';

export const httpStatusOfCode: Record<DomainErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  PAYMENT_REQUIRED: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PRECONDITION_FAILED: 412,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNPROCESSABLE_CONTENT: 422,
  TOO_MANY_REQUESTS: 429,
  INTERNAL_SERVER_ERROR: 500,
  NOT_IMPLEMENTED: 501,
  BAD_GATEWAY: 502,
  SERVICE_UNAVAILABLE: 503,
  GATEWAY_TIMEOUT: 504,
};

/** A refusal or failure a caller is told about: its code (HTTP status), the text shown, and what caused it. */
export class DomainError extends Error {
  readonly code: DomainErrorCode;
  override readonly cause: unknown;

  constructor(options: { code: DomainErrorCode; message?: string; cause?: unknown }) {
    super(options.message ?? options.code);
    this.name = 'DomainError';
    this.code = options.code;
    this.cause = options.cause;
  }
}

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

export function fieldError(code: 'BAD_REQUEST' | 'CONFLICT', message: string, fields: FieldErrors): DomainError {
  return new DomainError({ code, message, cause: new FieldValidationError(message, fields) });
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

/** The field errors an error carries (a zod failure or a FieldValidationError as its cause). */
export function fieldErrorsOf(error: { cause?: unknown }): FieldErrors | undefined {
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

/** An error that says what went wrong to its caller: a DomainError, or a transport's own (a TRPCError) with a code. */
export interface CodedError {
  code: string;
  message: string;
  cause?: unknown;
}

export interface ErrorBody {
  message: string;
  errors?: FieldErrors;
}

const unexpected = 'Unexpected error. Please try again.';

/**
 * One mapping from a thrown error to the REST status and body: a DomainError, or a coded transport error (the tRPC
 * caller's, which carries the same codes). Never leaks stacks or internals.
 */
export function toHttpError(error: unknown, coded?: (error: unknown) => CodedError | undefined): { status: number; body: ErrorBody } {
  const known = error instanceof DomainError ? error : coded?.(error);
  if (known) {
    const status = httpStatusOfCode[known.code as DomainErrorCode] ?? (known.code === 'CLIENT_CLOSED_REQUEST' ? 499 : 500);
    const fields = fieldErrorsOf(known);
    if (status >= 500 && known.code !== 'SERVICE_UNAVAILABLE') return { status, body: { message: unexpected } };
    if (fields) {
      const message = known.cause instanceof ZodError ? validationMessage(fields) : known.message;
      return { status, body: { message, errors: fields } };
    }
    return { status, body: { message: known.message } };
  }
  if (error instanceof ZodError) {
    const fields = zodFieldErrors(error);
    return { status: 400, body: { message: validationMessage(fields), errors: fields } };
  }
  return { status: 500, body: { message: unexpected } };
}

/** The permission refusal every role check answers. */
export const forbiddenMessage = 'You do not have permission to do this';
export const pendingPaymentMessage = 'Please complete your subscription payment to use this feature.';
