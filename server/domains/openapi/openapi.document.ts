import { z } from 'zod';
import type { AnyRouter } from '@trpc/server';
import { apiTokenScopeLabels, apiTokenScopes, type ProcedureScope } from '@server/domains/api-tokens/api-tokens.schemas';
import { httpStatusOfCode, type DomainErrorCode } from '@server/platform/errors';
import { listProcedures, type ProcedureInfo } from './procedures';
import type { RestOperation } from './openapi.operations';

type JsonSchema = Record<string, unknown>;
type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/**
 * zod's discriminated unions become `oneOf`. Where a branch may leave the discriminator out (registration's `roleId`
 * defaults to a creator), nothing in the JSON Schema shows the branches exclusive, so readers (and Redocly's
 * `no-illogical-composition-keywords`) take them as overlapping. zod already refuses equal discriminator values, so
 * at most one branch matches and `anyOf` accepts exactly the same values.
 */
function unionAsAnyOfWhereDiscriminatorOptional({ zodSchema, jsonSchema }: { zodSchema: unknown; jsonSchema: JsonSchema }): void {
  const def = (zodSchema as z.ZodType)._zod.def as { type: string; discriminator?: string };
  const branches = jsonSchema.oneOf as JsonSchema[] | undefined;
  if (def.type !== 'union' || !def.discriminator || !Array.isArray(branches)) return;
  const discriminator = def.discriminator;
  if (branches.every((branch) => Array.isArray(branch.required) && branch.required.includes(discriminator))) return;
  jsonSchema.anyOf = branches;
  delete jsonSchema.oneOf;
}

/** zod → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), without the `$schema` key. */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema as z.ZodType, {
    io,
    unrepresentable: 'any',
    reused: 'inline',
    override: unionAsAnyOfWhereDiscriminatorOptional,
  }) as JsonSchema;
  return rest;
}

const errorRef = { $ref: '#/components/schemas/Error' };
const errorResponse = (description: string) => ({ description, content: { 'application/json': { schema: errorRef } } });

/** `/api/user/:id` → `/api/user/{id}` and its parameter names. */
function openApiPath(path: string): { path: string; params: string[] } {
  const params: string[] = [];
  const converted = path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    params.push(name);
    return `{${name}}`;
  });
  return { path: converted, params };
}

/** The reference sections: the platform's by the path's first segment, the sample-data apps' by their own. */
const platformTags: Record<string, string> = {
  user: 'Accounts',
  auth: 'Accounts',
  termsConditions: 'Terms',
  config: 'System',
  'openapi.json': 'System',
  payment: 'Billing',
  event: 'Events',
  tips: 'Tips',
  subscription: 'Billing',
  podcast: 'Podcasts',
  push: 'Push notifications',
};

const tagDescriptions: Record<string, string> = {
  Accounts: 'Registration, sign-in (password, Google, Apple), the session, password changes and resets, the bot check.',
  Terms: 'The publishing terms creators and staff accept, and publishing new ones (admin).',
  System: 'Public configuration, this document and the database backup (admin).',
  Billing: 'Subscription products, checkout, payments (tips, premium events), subscriptions and invoices.',
  Chat: 'Live chat uploads; the chat itself runs over the tRPC websocket (`chat.messages`).',
  Events: 'Creators’ live events as their pages show them, what a player plays, premium access and calendar feeds.',
  Tips: 'Creators’ tip options: the public buttons and managing your own.',
  Podcasts: 'Podcast titles and episodes: managing your own, and the published ones anyone may read.',
  Profile: 'Your own creator profile.',
  'Push notifications': 'Browsers following a creator’s notifications (Web Push, no account needed), and sending them to all or to members.',
  'Public pages': 'What creators’ public pages show (the creator page `/c/{tag}`).',
  Live: 'Live streaming: where OBS publishes, stream keys, live state, and recordings of past sessions.',
  Memberships:
    'Fan memberships: a creator’s monthly tiers (premium events, replays, members-only podcast feeds, a chat badge), joining and managing your memberships, and a creator’s members. Webhook events: `membership.created`, `membership.renewed`, `membership.lapsed`, `membership.cancelled`.',
  'Mobile app': 'Each creator’s installable app.',
  Earnings: 'Who paid: your payments behind the earnings totals, as JSON or CSV, and hiding tip messages.',
  Analytics: 'Audience analytics: podcast downloads counted by the IAB rules (bots apart), live events’ viewers, members and money by month. Your own numbers; an admin passes `creatorId` or reads the whole install.',
};

function tagOf(operation: RestOperation): string {
  if (operation.tag) return operation.tag;
  const segment = operation.path.split('/')[2] ?? 'api';
  return platformTags[segment] ?? `Sample data: ${segment}`;
}

function tagDescription(tag: string): string {
  const sample = /^Sample data: (.+)$/.exec(tag);
  if (sample) return `Sample data behind the dashboard template’s \`${sample[1]}\` screens (demonstration apps; a signed-in session, not API tokens).`;
  const description = tagDescriptions[tag];
  if (!description) throw new Error(`The OpenAPI tag "${tag}" needs a description in openapi.document.ts`);
  return description;
}

function scopeNote(scope: ProcedureScope | undefined): string {
  if (scope === 'public') return 'Open to everyone; any API token may call it.';
  if (scope === 'session' || !scope) return 'Needs a signed-in session; API tokens are refused.';
  return `API tokens need the scope \`${scope}\`.`;
}

/** Query or path parameters from an object input schema. */
function parametersOf(schema: JsonSchema, location: 'query' | 'path'): unknown[] {
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: location,
    required: location === 'path' || required.has(name),
    schema: property,
    ...(typeof property.description === 'string' ? { description: property.description } : {}),
  }));
}

function multipartSchema(fields: z.ZodObject, files: string[]): JsonSchema {
  const schema = jsonSchemaOf(fields, 'input');
  const properties = { ...((schema.properties ?? {}) as JsonSchema) };
  for (const file of files) properties[file] = { type: 'string', contentMediaType: 'application/octet-stream', description: 'A file' };
  return { ...schema, properties };
}

/** `id`, `eventId`, `selectedMailIds`: a field naming records (a `tokenId` is a credential, not a record). */
const recordField = (name: string) => (name === 'id' || /[a-z]Ids?$/.test(name)) && !/token/i.test(name);

/**
 * Whether the input names records: a required id field, at the top or in a required object (`{ note: { id } }`).
 * An unknown id, or another account's, is a 404.
 */
function namesRecord(schema: JsonSchema | undefined, depth = 0): boolean {
  if (!schema) return false;
  const required = (schema.required ?? []) as string[];
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  return required.some((name) => recordField(name) || (depth === 0 && properties[name]?.type === 'object' && namesRecord(properties[name], depth + 1)));
}

/** What each error status means where a route answers it; 403 is composed from the route's own reasons. */
const errorDescriptions: Record<number, string> = {
  400: 'Invalid input: `message` names the first problem, `errors` maps fields to messages',
  401: 'Not signed in, or the token is invalid, expired or revoked',
  402: 'Payment is needed first',
  404: 'No such record, or not one this account may see (`message` names it)',
  409: 'Conflicts with the current state (`message` says how)',
  412: 'Not possible in the record’s current state (`message` says why)',
  413: 'The body is too large: JSON over 1 MiB, a file over its limit, or a form with too many fields or files',
  415: 'A content type this route does not read, or a file of a type it does not take',
  422: 'The input is well formed but cannot be used (`message` says why)',
  429: 'Too many attempts: wait a minute and try again',
  502: 'A provider this call depends on failed or could not be reached; try again',
  503: 'Not available at the moment (`message` says why)',
};

interface ErrorFacts {
  scope: ProcedureScope | undefined;
  procedure: ProcedureInfo | undefined;
  hasInput: boolean;
  hasBody: boolean;
  namesRecord: boolean;
  declared: readonly DomainErrorCode[];
}

/**
 * Every error status a route can answer, from what it is: a token-checked scope (401/403: a revoked token, a missing
 * scope), a signed-in base (401; 403 for its roles or a pending checkout payment), input (400), a record named in the
 * path or input (404), a request body (413, 415), plus what the procedure or shim declares (`errors`).
 */
function errorAnswers(facts: ErrorFacts): Map<number, string> {
  const { scope, procedure, declared } = facts;
  const admission = procedure?.admission;
  const answers = new Map<number, string>();
  const forbidden: string[] = [];
  if (admission?.roles) forbidden.push(`the account’s role is not one of ${admission.roles.join(', ')}`);
  const admitsCreators = !admission?.roles || admission.roles.includes('dj');
  if (admission && !admission.admitsPendingPayment && admitsCreators) forbidden.push('a creator’s checkout payment is still pending');
  if (scope === 'session' || !scope) forbidden.push('an API token was sent (session only)');
  else if (scope !== 'public') forbidden.push(`the API token lacks the scope \`${scope}\``);
  if (declared.includes('FORBIDDEN')) forbidden.push('the route’s own rule refuses this caller (`message` says why)');

  if (facts.hasInput) answers.set(400, errorDescriptions[400]!);
  if (admission || scope !== 'public' || declared.includes('UNAUTHORIZED')) answers.set(401, errorDescriptions[401]!);
  if (forbidden.length) answers.set(403, `Not allowed: ${forbidden.join('; or ')}`);
  if (facts.namesRecord) answers.set(404, errorDescriptions[404]!);
  if (facts.hasBody) {
    answers.set(413, errorDescriptions[413]!);
    answers.set(415, errorDescriptions[415]!);
  }
  for (const code of declared) {
    const status = httpStatusOfCode[code];
    if (status === 500 || answers.has(status)) continue;
    const description = errorDescriptions[status];
    if (!description) throw new Error(`No OpenAPI description for the error ${code} (${status})`);
    answers.set(status, description);
  }
  return new Map([...answers].sort(([a], [b]) => a - b));
}

function operationOf(operation: RestOperation, procedure: ProcedureInfo | undefined): Record<string, unknown> {
  const scope = operation.scope ?? procedure?.meta.scope;
  const { params } = openApiPath(operation.path);
  const inputSchema = procedure?.inputs[0] ? jsonSchemaOf(procedure.inputs[0], 'input') : undefined;
  const location = operation.input ?? (params.length ? 'path' : operation.method === 'POST' ? 'body' : 'query');

  const parameters: unknown[] = [];
  let requestBody: unknown;
  if (inputSchema && location === 'path') parameters.push(...parametersOf(inputSchema, 'path'));
  else if (params.length) parameters.push(...params.map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' } })));
  if (inputSchema && location === 'query') parameters.push(...parametersOf(inputSchema, 'query'));
  if (operation.query) parameters.push(...parametersOf(jsonSchemaOf(operation.query, 'input'), 'query'));
  if (inputSchema && location === 'body') requestBody = { required: true, content: { 'application/json': { schema: inputSchema } } };
  if (operation.body) requestBody = { required: true, content: { 'application/json': { schema: jsonSchemaOf(operation.body, 'input') } } };
  if (operation.multipart) {
    requestBody = { required: true, content: { 'multipart/form-data': { schema: multipartSchema(operation.multipart.fields, operation.multipart.files) } } };
  }

  const responses: Record<string, unknown> = {};
  if (operation.html) {
    for (const status of operation.html.statuses) {
      responses[String(status)] =
        status >= 300 && status < 400
          ? { description: operation.html.description, headers: { Location: { description: 'Where to go next', schema: { type: 'string' } } } }
          : { description: operation.html.description, content: { [operation.html.contentType ?? 'text/html']: { schema: { type: 'string' } } } };
    }
  } else {
    let answer = operation.response ? jsonSchemaOf(operation.response, 'output') : procedure?.output ? jsonSchemaOf(procedure.output, 'output') : {};
    if (operation.withDollars) {
      answer = { allOf: [answer, { type: 'object', required: ['amount'], properties: { amount: { type: 'number', description: 'amountCents / 100' } } }] };
    }
    responses[String(operation.status ?? 200)] = { description: 'Success', content: { 'application/json': { schema: answer } } };
  }
  const errors = errorAnswers({
    scope,
    procedure,
    hasInput: !!requestBody || parameters.length > 0,
    // Fastify reads a body on these methods whatever the route documents: too large is 413, an unknown type 415.
    hasBody: operation.method !== 'GET',
    namesRecord: params.length > 0 || (location !== 'none' && namesRecord(inputSchema)),
    declared: [...(procedure?.meta.errors ?? []), ...(operation.errors ?? [])],
  });
  for (const [status, description] of errors) responses[String(status)] ??= errorResponse(operation.extraResponses?.[String(status)] ?? description);
  for (const [status, description] of Object.entries(operation.extraResponses ?? {})) responses[status] ??= errorResponse(description);
  responses.default = errorResponse('Any other error (a bug answers 500 "Unexpected error. Please try again."), in the same shape');

  return {
    operationId: `${operation.method.toLowerCase()}${openApiPath(operation.path).path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, next?: string) => (next ? next.toUpperCase() : ''))}`,
    summary: operation.summary,
    description: [scopeNote(scope), procedure ? `Calls the tRPC procedure \`${procedure.path}\`.` : ''].filter(Boolean).join(' '),
    tags: [tagOf(operation)],
    security: scope === 'public' ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
    ...(scope ? { 'x-cuepoint-scope': scope } : {}),
    ...(procedure ? { 'x-trpc-procedure': procedure.path } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The project grants no licence (package.json is private); say so rather than leave the field out. */
const license = { name: 'Proprietary: no licence is granted', identifier: 'LicenseRef-Cuepoint-Proprietary' };

/**
 * The OpenAPI 3.1 document of the REST paths, from the procedures' own zod schemas. `serverUrl` is PUBLIC_URL; without
 * it the server is `/`, which OpenAPI reads relative to where the document was fetched from.
 */
export function buildOpenApiDocument(router: AnyRouter, operations: RestOperation[], serverUrl?: string): OpenApiDocument {
  const procedures = new Map(listProcedures(router).map((procedure) => [procedure.path, procedure]));
  const paths: OpenApiDocument['paths'] = {};
  for (const operation of operations) {
    const procedure = operation.procedure ? procedures.get(operation.procedure) : undefined;
    if (operation.procedure && !procedure) throw new Error(`${operation.method} ${operation.path} names an unknown procedure ${operation.procedure}`);
    const { path } = openApiPath(operation.path);
    paths[path] ??= {};
    paths[path][operation.method.toLowerCase()] = operationOf(operation, procedure);
  }
  const scopes = apiTokenScopes.map((scope) => `- \`${scope}\`: ${apiTokenScopeLabels[scope]}`).join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Cuepoint REST API',
      version: '1.0.0',
      description: [
        'The documented `/api` paths. Each one calls the same typed tRPC procedure the web app uses (`/trpc`).',
        'Authenticate with `Authorization: Bearer <token>`: a session token from sign-in, or a personal API token (`cp_...`) created under Profile → API. An API token acts as its owner within its scopes:',
        scopes,
        'Errors answer `{ message, errors? }` with the HTTP status of the problem.',
      ].join('\n\n'),
      license,
    },
    servers: [serverUrl ? { url: serverUrl, description: 'This Cuepoint server (PUBLIC_URL)' } : { url: '/', description: 'The server this document came from' }],
    tags: [...new Set(operations.map(tagOf))].map((name) => ({ name, description: tagDescription(name) })),
    paths,
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', description: 'A session token or a personal API token (`cp_...`)' },
      },
      schemas: {
        Error: {
          type: 'object',
          required: ['message'],
          properties: {
            message: { type: 'string', description: 'What went wrong, for people' },
            errors: { type: 'object', additionalProperties: { type: 'string' }, description: 'Messages by input field' },
          },
        },
      },
    },
  };
}
