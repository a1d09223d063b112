import { TRPCError } from '@trpc/server';
import { DomainError, toHttpError, type CodedError, type ErrorBody, type FieldErrors } from '@server/platform/errors';
import type { Locale } from '@common/locales';
import { translate } from '@server/i18n/translate';
import { contextLocale, type Context } from './context';

/** The one mapping from a domain's refusal to tRPC's (same code, message and cause); anything else is left as it is. */
export function toTrpcError(error: DomainError): TRPCError;
export function toTrpcError(error: unknown): unknown;
export function toTrpcError(error: unknown): unknown {
  if (error instanceof DomainError) return new TRPCError({ code: error.code, message: error.message, cause: error.cause ?? error });
  return error;
}

function codedTrpcError(error: unknown): CodedError | undefined {
  return error instanceof TRPCError ? error : undefined;
}

/** A thrown error as the REST answer: DomainErrors and the tRPC caller's errors alike (server/platform/errors.ts). */
export function httpErrorOf(error: unknown) {
  return toHttpError(error, codedTrpcError);
}

function translateFields(fields: FieldErrors, locale: Locale): FieldErrors {
  return Object.fromEntries(Object.entries(fields).map(([field, message]) => [field, translate(locale, message)]));
}

/** An error answer's texts in `locale` (server/i18n/locales): its message and each field's; English stays as it is. */
export function translateErrorBody(body: ErrorBody, locale: Locale): ErrorBody {
  if (locale === 'en') return body;
  const message = translate(locale, body.message);
  return body.errors ? { message, errors: translateFields(body.errors, locale) } : { message };
}

/**
 * The stable code of a refusal the web app tells apart from others whatever the language of its text (billing's
 * `plan-required`, federation's `federation-off`): a domain throws its DomainError with a cause that carries
 * `refusalReason`. Null for every other error.
 */
export function refusalReasonOf(error: unknown): string | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const reason = (current as { refusalReason?: unknown }).refusalReason;
    if (typeof reason === 'string') return reason;
    current = (current as { cause?: unknown }).cause;
  }
  return null;
}

/** `httpErrorOf` in the caller's language: the REST answer of a thrown error, with its `reason` when it has one. */
export function localizedHttpError(error: unknown, locale: Locale): { status: number; body: ErrorBody & { reason?: string } } {
  const { status, body } = httpErrorOf(error);
  const reason = status < 500 ? refusalReasonOf(error) : null;
  return { status, body: { ...translateErrorBody(body, locale), ...(reason && { reason }) } };
}

/**
 * tRPC's error shape in the caller's language (its message and `data.fieldErrors`): the router's errorFormatter hands
 * the shape it made here, with the call's context (undefined when the context itself could not be made).
 */
export function localizedErrorShape<Shape extends { message: string; data: { fieldErrors: FieldErrors | null } }>(
  ctx: Pick<Context, 'actor' | 'acceptLanguage'> | undefined,
  shape: Shape,
): Shape {
  const locale = contextLocale(ctx);
  if (locale === 'en') return shape;
  const { fieldErrors } = shape.data;
  return { ...shape, message: translate(locale, shape.message), data: { ...shape.data, fieldErrors: fieldErrors && translateFields(fieldErrors, locale) } };
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof value === 'object' && value !== null && Symbol.asyncIterator in value;
}

async function* mappedIterable(source: AsyncIterable<unknown>): AsyncGenerator<unknown> {
  try {
    yield* source;
  } catch (error) {
    throw toTrpcError(error);
  }
}

/**
 * What a procedure base's middleware answers after `next()`: a DomainError its resolver threw becomes the TRPCError
 * of the same code (tRPC itself would call it an internal error), and a subscription's stream maps its errors too.
 */
export function withDomainErrorsMapped<Result extends { ok: true; data: unknown } | { ok: false; error: TRPCError }>(result: Result, type: string): Result {
  if (!result.ok) {
    const cause = result.error.cause;
    if (cause instanceof DomainError) throw toTrpcError(cause);
    return result;
  }
  if (type === 'subscription' && isAsyncIterable(result.data)) return { ...result, data: mappedIterable(result.data) } as Result;
  return result;
}
