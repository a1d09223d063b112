import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import Ajv2020 from 'ajv/dist/2020.js';
import { Validator } from '@seriousme/openapi-schema-validator';
import { createRestKit } from '@server/rest/kit';
import { restModules } from '@server/rest/modules';
import { createTestApp } from '../../helpers/app';

const t = await createTestApp({ PUBLIC_URL: 'https://cuepoint.example.com' });
afterAll(() => t.close());

type Operation = {
  operationId: string;
  parameters?: Array<{ name: string; in: string; schema: object }>;
  requestBody?: { content: Record<string, { schema: object }> };
  responses: Record<string, { content?: Record<string, { schema: object }> }>;
  security: object[];
};
type Document = {
  openapi: string;
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
    expect(document.servers).toEqual([{ url: 'https://cuepoint.example.com' }]);
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
