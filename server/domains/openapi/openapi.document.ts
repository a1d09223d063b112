import { z } from 'zod';
import type { AnyRouter } from '@trpc/server';
import { apiTokenScopeLabels, apiTokenScopes, type ProcedureScope } from '@server/domains/api-tokens/api-tokens.schemas';
import { listProcedures, type ProcedureInfo } from './procedures';
import type { RestOperation } from './openapi.operations';

type JsonSchema = Record<string, unknown>;
type OpenApiDocument = Record<string, unknown> & { paths: Record<string, Record<string, unknown>> };

/** zod → JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), without the `$schema` key. */
function jsonSchemaOf(schema: unknown, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema as z.ZodType, { io, unrepresentable: 'any', reused: 'inline' }) as JsonSchema;
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

function tagOf(path: string): string {
  const segment = path.split('/')[2] ?? 'api';
  const platform: Record<string, string> = {
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
  };
  return platform[segment] ?? `Sample data: ${segment}`;
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
          ? { description: operation.html.description, headers: { Location: { schema: { type: 'string' } } } }
          : { description: operation.html.description, content: { [operation.html.contentType ?? 'text/html']: { schema: { type: 'string' } } } };
    }
  } else {
    let answer = operation.response ? jsonSchemaOf(operation.response, 'output') : procedure?.output ? jsonSchemaOf(procedure.output, 'output') : {};
    if (operation.withDollars) {
      answer = { allOf: [answer, { type: 'object', required: ['amount'], properties: { amount: { type: 'number', description: 'amountCents / 100' } } }] };
    }
    responses[String(operation.status ?? 200)] = { description: 'Success', content: { 'application/json': { schema: answer } } };
  }
  if (requestBody || parameters.length) responses['400'] = errorResponse('Invalid input: `message` names the first problem, `errors` maps fields to messages');
  if (scope !== 'public') {
    responses['401'] = errorResponse('Not signed in, or the token is invalid, expired or revoked');
    responses['403'] = errorResponse('Not allowed for this account, or the API token lacks the scope (named in `message`)');
  }
  for (const [status, description] of Object.entries(operation.extraResponses ?? {})) responses[status] = errorResponse(description);
  responses.default = errorResponse('Any other error, in the same shape');

  return {
    operationId: `${operation.method.toLowerCase()}${openApiPath(operation.path).path.replace(/[^A-Za-z0-9]+(.)?/g, (_m, next?: string) => (next ? next.toUpperCase() : ''))}`,
    summary: operation.summary,
    description: [scopeNote(scope), procedure ? `Calls the tRPC procedure \`${procedure.path}\`.` : ''].filter(Boolean).join(' '),
    tags: [operation.tag ?? tagOf(operation.path)],
    security: scope === 'public' ? [{}, { bearerAuth: [] }] : [{ bearerAuth: [] }],
    ...(scope ? { 'x-cuepoint-scope': scope } : {}),
    ...(procedure ? { 'x-trpc-procedure': procedure.path } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of the REST paths, from the procedures' own zod schemas. */
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
    },
    ...(serverUrl ? { servers: [{ url: serverUrl }] } : {}),
    tags: [...new Set(operations.map((operation) => operation.tag ?? tagOf(operation.path)))].map((name) => ({ name })),
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
