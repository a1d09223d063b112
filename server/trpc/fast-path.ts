import type { FastifyReply, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { getTRPCErrorFromUnknown, getTRPCErrorShape, transformTRPCResponse, TRPCError, type AnyTRPCProcedure, type AnyTRPCRouter } from '@trpc/server';
import type { FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import { getHTTPStatusCode, type TRPCRequestInfo } from '@trpc/server/http';
import { isKeptAnswer, jsonOnce } from '@server/platform/kept-answers';
import { callProcedure } from './procedure-call';

type TrpcOptions<TRouter extends AnyTRPCRouter> = FastifyTRPCPluginOptions<TRouter>['trpcOptions'];

/** What the fast path answers; anything else is left to the stock adapter. */
interface FastCall {
  path: string;
  type: 'query' | 'mutation';
  input: unknown;
}

const noInput = Symbol('no input');
const vary = 'trpc-accept, accept';
const streamingMessage = 'Cannot use stream-like response in non-streaming request - use httpBatchStreamLink';

/**
 * A fast path for tRPC over HTTP, in front of the stock Fastify adapter (`fastifyTRPCPlugin`), which turns every
 * request into Fetch API Request/Response objects with abort signals and a chunked answer: that alone held a tRPC
 * query to about a tenth of a bare Fastify route.
 *
 * It answers the common case itself: one query (GET, input in `?input=`) or one mutation (POST, JSON body) of a
 * procedure the router knows, called as the router's caller calls it (procedure-call.ts), in tRPC v11's wire format (`{ result: { data } }`, or
 * `{ error }` shaped by the router's errorFormatter with the status code taken from it, `content-type:
 * application/json`, `vary: trpc-accept, accept`). Batches, streaming (jsonl), subscriptions over HTTP, other content
 * types, connection params, unknown paths, wrong methods and input that is not valid JSON all fall through to the
 * stock adapter, which answers them exactly as before. Register it as a preHandler in the adapter's scope.
 */
export function trpcFastPath<TRouter extends AnyTRPCRouter>(options: TrpcOptions<TRouter>): preHandlerAsyncHookHandler {
  const { router, createContext, onError } = options;
  const config = router._def._config;
  const procedures = router._def.procedures as Record<string, AnyTRPCProcedure | undefined>;
  // responseMeta may change statuses and headers per answer; with it every request takes the stock path.
  const enabled = !options.responseMeta;

  return async function trpcFastPathHandler(request: FastifyRequest, reply: FastifyReply) {
    if (!enabled) return;
    const call = fastCallOf(request, procedures);
    if (!call) return;

    const input = call.input === noInput ? undefined : config.transformer.input.deserialize(call.input);
    const info = new FastRequestInfo(request, call, input, procedures[call.path] ?? null);
    let ctx: unknown;
    let answer: { result: { data: unknown } } | { error: unknown };
    try {
      ctx = await createContext?.({ req: request, res: reply, info });
      answer = { result: { data: await callProcedure(procedures[call.path]!, { path: call.path, type: call.type, ctx, input }) } };
    } catch (cause) {
      const error = getTRPCErrorFromUnknown(cause);
      onError?.({ error, path: call.path, input, ctx: ctx as never, type: call.type, req: request });
      answer = { error: getTRPCErrorShape({ config, error, type: call.type, path: call.path, input, ctx }) };
    }
    if ('result' in answer && isDataStream(answer.result.data)) {
      // As the stock adapter: refused after the call, reported without path or input.
      const error = new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: streamingMessage });
      onError?.({ error, path: undefined, input: undefined, ctx: ctx as never, type: call.type, req: request });
      answer = { error: getTRPCErrorShape({ config, error, type: call.type, path: undefined, input: undefined, ctx }) };
    }
    // Success is always 200 and its envelope is built here; errors take tRPC's own status and envelope functions.
    const status = 'result' in answer ? 200 : getHTTPStatusCode(answer as never);
    const envelope = 'result' in answer ? { result: { data: config.transformer.output.serialize(answer.result.data) } } : transformTRPCResponse(config, answer as never);
    // With a serializer of its own Fastify keeps the content type exactly "application/json", as the stock adapter
    // sends it (no charset added), and writes the answer as a string with its headers in one write.
    return reply.code(status).header('vary', vary).header('content-type', 'application/json').serializer(envelopeJson).send(envelope);
  };
}

/** The envelope's JSON; a kept answer's own JSON is made once (server/platform/kept-answers.ts). */
function envelopeJson(envelope: { result?: { data?: unknown } }): string {
  const data = envelope.result?.data;
  return isKeptAnswer(data) ? `{"result":{"data":${jsonOnce(data)}}}` : JSON.stringify(envelope);
}

function fastCallOf(request: FastifyRequest, procedures: Record<string, AnyTRPCProcedure | undefined>): FastCall | null {
  const path = (request.params as { path?: unknown } | undefined)?.path;
  if (typeof path !== 'string' || path.includes(',')) return null;
  const procedure = procedures[path];
  if (!procedure) return null;
  const { headers } = request;
  if (headers['trpc-accept'] !== undefined || headers.accept?.includes('application/jsonl')) return null;

  const query = request.query as Record<string, string | string[] | undefined>;
  if (query.batch !== undefined || query.connectionParams !== undefined) return null;

  const type = procedure._def.type;
  if (request.method === 'GET' && type === 'query') {
    const raw = query.input;
    if (raw === undefined || raw === '') return { path, type, input: noInput };
    if (typeof raw !== 'string') return null;
    const input = parseJson(raw);
    return input === noInput ? null : { path, type, input };
  }
  if (request.method === 'POST' && type === 'mutation' && headers['content-type']?.startsWith('application/json')) {
    // The stock adapter's JSON parser hands the body over as a string; an empty body is left to the stock path.
    if (typeof request.body !== 'string' || request.body === '') return null;
    const input = parseJson(request.body);
    return input === noInput ? null : { path, type, input };
  }
  return null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return noInput;
  }
}

/**
 * The `info` the stock adapter hands to createContext. A class: its parts are made only when read (the signal, the
 * URL, the calls), and an object literal with getters is slow to create.
 */
class FastRequestInfo implements TRPCRequestInfo {
  readonly accept = null;
  readonly isBatchCall = false;
  readonly connectionParams = null;
  readonly type: FastCall['type'];
  private abortSignal: AbortSignal | undefined;

  constructor(
    private readonly request: FastifyRequest,
    private readonly call: FastCall,
    private readonly input: unknown,
    private readonly procedure: AnyTRPCProcedure | null,
  ) {
    this.type = call.type;
  }

  get calls(): TRPCRequestInfo['calls'] {
    const { input } = this;
    return [{ path: this.call.path, getRawInput: async () => input, result: () => input, procedure: this.procedure, batchIndex: 0 }];
  }

  get signal(): AbortSignal {
    if (!this.abortSignal) {
      const controller = new AbortController();
      this.request.raw.once('close', () => controller.abort());
      this.abortSignal = controller.signal;
    }
    return this.abortSignal;
  }

  get url(): URL {
    return new URL(this.request.url, `${this.request.protocol}://${this.request.host}`);
  }
}

/** Same test as the stock adapter: a non-streaming answer cannot carry promises or async iterables. */
function isDataStream(value: unknown): boolean {
  if (!value || typeof value !== 'object') return false;
  if (Symbol.asyncIterator in value) return true;
  return Object.values(value).some(
    (item) => item instanceof Promise || (typeof item === 'object' && item !== null && Symbol.asyncIterator in item),
  );
}
