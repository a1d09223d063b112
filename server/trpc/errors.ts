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

/** `httpErrorOf` in the caller's language: the REST answer of a thrown error. */
export function localizedHttpError(error: unknown, locale: Locale): { status: number; body: ErrorBody } {
  const { status, body } = httpErrorOf(error);
  return { status, body: translateErrorBody(body, locale) };
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
