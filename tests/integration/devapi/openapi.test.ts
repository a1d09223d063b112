import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createRestKit } from '@server/rest/kit';
import { restModules } from '@server/rest/modules';
import { z } from 'zod';
import { restOpenApiDocument } from '@server/domains/openapi/openapi.rest';
import { buildOpenApiDocument } from '@server/domains/openapi/openapi.document';
import type { RestOperation } from '@server/domains/openapi/openapi.operations';
import { publicProcedure, roleProcedure, router, sessionProcedure } from '@server/trpc/init';
import { registerInput } from '@server/domains/users/users.schemas';
import { lintOpenApi } from '../../../scripts/lint-openapi';
import { bearer, callerAs, createTestApp, createUser } from '../../helpers/app';

const t = await createTestApp({ PUBLIC_URL: 'https://cuepoint.example.com' });
afterAll(() => t.close());

type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; schema: object }>;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: object }> }>;
  security: object[];
  'x-cuepoint-scope'?: string;
};
type Document = {
  openapi: string;
  info: { license?: { name: string } };
  tags: Array<{ name: string; description?: string }>;
  servers?: Array<{ url: string }>;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, { type: string; scheme: string }>; schemas: Record<string, object> };
};

const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
const document = response.json() as Document;
const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
  Object.entries(methods).map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, path, operation })),
);

/** Every /api route the REST modules register, as `METHOD /api/path/{param}` (collected with an onRoute hook). */
async function registeredRoutes(): Promise<string[]> {
  const probe = Fastify();
  const keys: string[] = [];
  probe.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD' && route.url.startsWith('/api')) keys.push(`${method} ${route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
  });
  await probe.register(async (api) => {
    for (const module of restModules) await module(api, createRestKit(t.app.services));
  });
  await probe.ready();
  await probe.close();
  return keys;
}

function embeddedSchemas(): Array<{ where: string; schema: object }> {
  const found: Array<{ where: string; schema: object }> = [];
  for (const { key, operation } of operations) {
    for (const parameter of operation.parameters ?? []) found.push({ where: `${key} parameter ${parameter.name}`, schema: parameter.schema });
    for (const [type, content] of Object.entries(operation.requestBody?.content ?? {})) found.push({ where: `${key} body ${type}`, schema: content.schema });
    for (const [status, answer] of Object.entries(operation.responses)) {
      for (const [type, content] of Object.entries(answer.content ?? {})) found.push({ where: `${key} ${status} ${type}`, schema: content.schema });
    }
  }
  return found;
}

describe('GET /api/openapi.json', () => {
  it('is an OpenAPI 3.1 document with the bearer scheme and the error shape', () => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(document.openapi).toBe('3.1.0');
    expect(document.servers).toEqual([{ url: 'https://cuepoint.example.com', description: expect.any(String) }]);
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(document.components.schemas.Error).toMatchObject({ required: ['message'], properties: { message: { type: 'string' }, errors: { type: 'object' } } });
  });

  it('documents every registered /api route, and documents nothing that is not registered', async () => {
    const registered = (await registeredRoutes()).sort();
    const documented = operations.map(({ key }) => key).sort();
    expect(registered.length).toBeGreaterThan(80);
    expect(documented.filter((key) => !registered.includes(key))).toEqual([]);
    expect(registered.filter((key) => !documented.includes(key))).toEqual([]);
  });

  it('is well formed: unique operation ids, a success answer, declared path parameters, security per operation', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const { key, path, operation } of operations) {
      expect([key, Object.keys(operation.responses).some((status) => /^[23]\d\d$/.test(status))]).toEqual([key, true]);
      const templated = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]).sort();
      const declared = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path').map((parameter) => parameter.name).sort();
      expect([key, declared]).toEqual([key, templated]);
      expect(operation.security.length).toBeGreaterThan(0);
      for (const status of ['401', '403', 'default']) {
        const answer = operation.responses[status];
        if (answer) expect([key, status, answer.content?.['application/json']?.schema]).toEqual([key, status, { $ref: '#/components/schemas/Error' }]);
      }
    }
  });

  it('validates against the OpenAPI 3.1 specification schema (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(document) as unknown as Record<string, unknown>);
    expect(validator.version).toBe('3.1');
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('refuses a broken document with the same validator (the check can fail)', async () => {
    const broken = structuredClone(document) as unknown as Record<string, unknown>;
    delete broken.info;
    const result = await new Validator().validate(broken);
    expect(result.valid).toBe(false);
  });

  it('embeds valid JSON Schema 2020-12 (checked with Ajv against the draft’s meta-schema)', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    ajv.addSchema({ $id: 'cuepoint-openapi.json', components: document.components }, 'cuepoint-openapi.json');
    const problems: string[] = [];
    for (const { where, schema } of embeddedSchemas()) {
      if (!ajv.validateSchema(schema)) problems.push(`${where}: ${ajv.errorsText(ajv.errors)}`);
    }
    expect(problems).toEqual([]);
  });

  it('describes inputs with the procedures’ own zod rules', () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false });
    const login = document.paths['/api/user/login']!.post!.requestBody!.content['application/json']!.schema;
    const validate = ajv.compile(login);
    expect(validate({ userName: 'creator@example.test', password: 'secret-password' })).toBe(true);
    expect(validate({ userName: 'creator@example.test', password: 'secret-password', isAdmin: true })).toBe(false);
    expect(validate({ userName: 'creator@example.test' })).toBe(false);
    const emulate = document.paths['/api/user/emulate/{id}']!.get!;
    expect(emulate.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
    expect(emulate).toMatchObject({ 'x-cuepoint-scope': 'session', 'x-trpc-procedure': 'users.emulate' });
  });
});

const statusesOf = (path: string, method: string) => Object.keys(document.paths[path]![method]!.responses);

describe('OpenAPI: servers, tags, licence', () => {
  it('names PUBLIC_URL as the server, and `/` (relative to the document) without one', () => {
    expect(document.servers?.map((server) => server.url)).toEqual(['https://cuepoint.example.com']);
    expect(restOpenApiDocument({ publicUrl: undefined }).servers).toEqual([{ url: '/', description: expect.any(String) }]);
  });

  it('describes every tag and states a licence', () => {
    expect(document.tags.length).toBeGreaterThan(10);
    expect(document.tags.filter((tag) => !tag.description)).toEqual([]);
    expect(document.tags.find((tag) => tag.name === 'Push notifications')?.description).toContain('Web Push');
    expect(document.info.license?.name).toMatch(/\S/);
  });
});

describe('OpenAPI: registration input', () => {
  const body = { email: 'new@example.test', firstName: 'Ada', lastName: 'Lovelace', password: 'long-enough-password' };
  const samples: Array<[string, unknown]> = [
    ['viewer', { ...body, roleId: 'viewer' }],
    ['viewer, subDomain null, referrer null', { ...body, roleId: 'viewer', subDomain: null, referrerId: null }],
    ['viewer with a creator tag', { ...body, roleId: 'viewer', subDomain: 'creator_tag' }],
    ['creator without roleId', { ...body, subDomain: 'creator_tag' }],
    ['creator with roleId dj', { ...body, roleId: 'dj', subDomain: 'creator_tag' }],
    ['creator without a tag', { ...body, roleId: 'dj' }],
    ['neither roleId nor tag', body],
    ['admin', { ...body, roleId: 'admin', subDomain: 'creator_tag' }],
    ['an unknown field', { ...body, roleId: 'viewer', isAdmin: true }],
  ];

  it('renders the union without overlapping oneOf, accepting exactly what the API accepts', () => {
    const schema = document.paths['/api/user/register']!.post!.requestBody!.content['application/json']!.schema as Record<string, unknown>;
    expect(schema.oneOf).toBeUndefined();
    expect(schema.anyOf).toHaveLength(2);
    const validate = new Ajv2020({ strict: false, validateFormats: false }).compile(schema);
    const verdicts = samples.map(([label, sample]) => [label, validate(sample), registerInput.safeParse(sample).success]);
    expect(verdicts.map(([label, documented]) => [label, documented])).toEqual(verdicts.map(([label, , accepted]) => [label, accepted]));
    expect(verdicts.filter(([, , accepted]) => accepted).length).toBe(4);
  });
});

describe('OpenAPI: the errors each route can answer', () => {
  it('derives them from the route: input 400, signed-in base 401, roles and scopes 403, named records 404, a body 413/415', () => {
    expect(statusesOf('/api/user/emulate/{id}', 'get')).toEqual(['200', '400', '401', '403', '404', 'default']);
    expect(statusesOf('/api/config/public', 'get')).toEqual(['200', 'default']);
    expect(statusesOf('/api/podcast/titles', 'post')).toEqual(['201', '400', '401', '403', '413', '415', 'default']);
    expect(statusesOf('/api/mail-app/mail', 'get')).toContain('404');
    expect(statusesOf('/api/notes-app/update-note', 'post')).toContain('404');
    expect(statusesOf('/api/user/google', 'post')).not.toContain('404');
    const refusal = document.paths['/api/podcast/titles']!.post!.responses['403']!.description;
    expect(refusal).toContain('admin, dj');
    expect(refusal).toContain('`podcasts:write`');
  });

  it('reads the kind of procedure: its base, scope, input and declared errors', () => {
    const kinds = router({
      open: publicProcedure.meta({ scope: 'public' }).query(() => 'ok'),
      signedIn: sessionProcedure.meta({ scope: 'public' }).query(() => 'ok'),
      creators: roleProcedure('admin', 'dj').meta({ scope: 'public' }).query(() => 'ok'),
      admins: roleProcedure('admin').meta({ scope: 'public' }).query(() => 'ok'),
      scoped: publicProcedure.meta({ scope: 'events:read' }).query(() => 'ok'),
      lookup: publicProcedure.meta({ scope: 'public', errors: ['TOO_MANY_REQUESTS'] }).input(z.strictObject({ eventId: z.string() })).query(() => 'ok'),
      nested: publicProcedure.meta({ scope: 'public' }).input(z.strictObject({ note: z.strictObject({ id: z.string() }) })).mutation(() => 'ok'),
      credential: publicProcedure.meta({ scope: 'public' }).input(z.strictObject({ tokenId: z.string() })).mutation(() => 'ok'),
    });
    const names = ['open', 'signedIn', 'creators', 'admins', 'scoped', 'lookup', 'nested', 'credential'];
    const operations = names.map((name): RestOperation => ({
      method: name === 'nested' || name === 'credential' ? 'POST' : 'GET',
      path: `/api/kinds/${name}`,
      procedure: name,
      summary: name,
    }));
    const built = buildOpenApiDocument(kinds, operations) as unknown as Document;
    const answers = (name: string) => Object.values(built.paths[`/api/kinds/${name}`]!)[0]!.responses;
    expect(Object.keys(answers('open'))).toEqual(['200', 'default']);
    expect(Object.keys(answers('signedIn'))).toEqual(['200', '401', 'default']);
    expect(Object.keys(answers('creators'))).toEqual(['200', '401', '403', 'default']);
    expect(answers('creators')['403']!.description).toBe('Not allowed: the account’s role is not one of admin, dj; or a creator’s checkout payment is still pending');
    expect(answers('admins')['403']!.description).toBe('Not allowed: the account’s role is not one of admin');
    expect(answers('scoped')['403']!.description).toBe('Not allowed: the API token lacks the scope `events:read`');
    expect(Object.keys(answers('lookup'))).toEqual(['200', '400', '404', '429', 'default']);
    expect(Object.keys(answers('nested'))).toEqual(['200', '400', '404', '413', '415', 'default']);
    expect(Object.keys(answers('credential'))).toEqual(['200', '400', '413', '415', 'default']);
  });

  it('adds what a procedure declares it answers: wrong credentials, conflicts, rate limits, unavailable', () => {
    expect(statusesOf('/api/user/login', 'post')).toEqual(['200', '400', '401', '413', '415', '429', '503', 'default']);
    expect(statusesOf('/api/user/register', 'post')).toEqual(expect.arrayContaining(['409', '429']));
    expect(statusesOf('/api/termsConditions', 'get')).toContain('404');
    expect(statusesOf('/api/event/{eventId}/stream', 'get')).toContain('403');
  });

  it('declares every status the routes answer to guests, each role, scoped and revoked tokens, empty, unreadable, oversized and unknown-id requests', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const scoped = (await (await callerAs(t.app, dj.token)).apiTokens.create({ name: 'probe', scopes: ['events:read'] })).token;
    const revoked = await (await callerAs(t.app, dj.token)).apiTokens.create({ name: 'revoked', scopes: ['events:read'] });
    await (await callerAs(t.app, dj.token)).apiTokens.revoke({ id: revoked.apiToken.id });
    const tokens: Record<string, string | undefined> = {
      guest: undefined,
      admin: (await createUser(t.app, { role: 'admin' })).token,
      dj: dj.token,
      'dj paying at checkout': (await createUser(t.app, { role: 'dj', pendingPayment: true })).token,
      viewer: (await createUser(t.app, { role: 'viewer' })).token,
      staff: (await createUser(t.app, { role: 'staff' })).token,
      'API token (events:read)': scoped,
      'revoked API token': revoked.token,
      'broken token': 'not-a-token',
    };
    const unknownId = 'zz-unknown-0001';
    const json = { 'content-type': 'application/json' };
    const undeclared: string[] = [];
    for (const { key, path, operation } of operations) {
      const method = key.split(' ')[0] as 'GET' | 'POST' | 'DELETE';
      const url = path.replace('{count}', '5').replace(/\{[^}]+\}/g, unknownId);
      const requests: Array<{ label: string; url: string; headers: Record<string, string>; payload?: string }> = [];
      for (const [label, token] of Object.entries(tokens)) {
        const headers = token ? bearer(token) : {};
        requests.push({ label, url, headers });
        if (method === 'GET') {
          requests.push({ label: `${label}, unknown ids in the query`, url: `${url}?id=${unknownId}&eventId=${unknownId}`, headers });
        } else {
          requests.push({ label: `${label}, {}`, url, headers: { ...headers, ...json }, payload: '{}' });
          requests.push({ label: `${label}, unknown ids`, url, headers: { ...headers, ...json }, payload: JSON.stringify({ id: unknownId, eventId: unknownId }) });
        }
      }
      if (method !== 'GET') {
        requests.push({ label: 'xml', url, headers: { 'content-type': 'application/xml' }, payload: '<a/>' });
        requests.push({ label: 'over 1 MiB', url, headers: json, payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }) });
      }
      for (const request of requests) {
        const answer = await t.app.inject({ method, url: request.url, headers: request.headers, ...(request.payload === undefined ? {} : { payload: request.payload }) });
        const status = String(answer.statusCode);
        if (!(status in operation.responses)) undeclared.push(`${key} [${request.label}] → ${status} ${answer.body.slice(0, 80)}`);
      }
    }
    expect([...new Set(undeclared)]).toEqual([]);
  }, 90_000);
});

/** `#/paths/~1api~1config~1public/get/responses` → the operation. */
function operationAt(pointer: string): Operation | undefined {
  const [, , path, method] = pointer.split('/').map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'));
  return path && method ? document.paths[path]?.[method] : undefined;
}

describe('OpenAPI: Redocly’s recommended ruleset (npm run lint:openapi)', () => {
  it('passes with no errors; warned are only routes that cannot fail and the one ambiguous pair of paths the API has', async () => {
    const result = await lintOpenApi(restOpenApiDocument({ publicUrl: undefined }));
    expect(result.problems.filter((problem) => problem.severity === 'error')).toEqual([]);
    expect(result.errors).toBe(0);
    const cannotFail = (operation: Operation | undefined) =>
      !!operation && operation['x-cuepoint-scope'] === 'public' && !operation.parameters && !operation.requestBody;
    const unexpected = result.problems.filter(
      (problem) =>
        !(problem.ruleId === 'operation-4xx-response' && cannotFail(operationAt(problem.pointer))) &&
        !(problem.ruleId === 'no-ambiguous-paths' && problem.message.includes('`/api/event/latest/{subdomain}` and `/api/event/{eventId}/stream`')),
    );
    expect(unexpected).toEqual([]);
  }, 30_000);

  it('fails a document without servers (the lint can fail)', async () => {
    const broken = structuredClone(restOpenApiDocument({ publicUrl: undefined })) as Record<string, unknown>;
    delete broken.servers;
    const result = await lintOpenApi(broken);
    expect(result.errors).toBeGreaterThan(0);
    expect(result.problems).toContainEqual(expect.objectContaining({ ruleId: 'no-empty-servers', severity: 'error' }));
  }, 30_000);
});
