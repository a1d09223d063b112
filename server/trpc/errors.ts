import { TRPCError } from '@trpc/server';
import { DomainError, toHttpError, type CodedError } from '@server/platform/errors';

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
