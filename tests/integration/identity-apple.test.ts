import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@db/schema/users';
import { bearer, createTestApp, createUser, type TestApp } from '../helpers/app';
import { listenOidcProvider, type LocalOidcProvider } from '../helpers/identity-providers';
import { firstRow } from '@db/store';

/**
 * A real OpenID Connect provider (oidc-provider, dev interactions) on 127.0.0.1 stands in for
 * Apple; the app listens on a real port so the provider can redirect back to it. The browser is
 * played by fetch with a small cookie jar, following every redirect by hand.
 */

const clientId = 'cuepoint.apple.test';
const clientSecret = 'apple-test-client-secret-0123456789abcdef';
const callbackPath = '/api/user/apple/callback';

const people = {
  alice: { email: 'alice@apple.test', given_name: 'Alice', family_name: 'Apple' },
  bob: { email: 'bob@apple.test', given_name: 'Bob', family_name: 'Orchard' },
  carol: { email: 'carol@apple.test', given_name: 'Carol', family_name: 'Viewer' },
  dave: { email: 'dave@apple.test', given_name: 'Dave', family_name: 'Cider' },
  erin: { email: 'erin@apple.test', given_name: 'Erin', family_name: 'Pippin' },
  fern: { email: 'fern@apple.test', given_name: 'Fern', family_name: 'Russet' },
  mallory: { email: 'mallory@apple.test', given_name: '</script><script>alert(1)</script>', family_name: '<b>&amp;' },
};

let provider: LocalOidcProvider;
let issuer: string;
let t: TestApp;
let appOrigin: string;

beforeAll(async () => {
  // The provider's port first (the app's config needs the issuer), then the app on a real port
  // (its own origin is the redirect URI's origin), then the provider answers for that redirect URI.
  provider = await listenOidcProvider({ clientId, clientSecret, people });
  issuer = provider.issuer;
  t = await createTestApp({ APPLE_CLIENT_ID: clientId, APPLE_CLIENT_SECRET: clientSecret, APPLE_ISSUER: issuer });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  appOrigin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  await provider.start(`${appOrigin}${callbackPath}`);
});

afterAll(async () => {
  await t?.close();
  await provider?.close();
});

/** Naive cookie jar: the provider's cookie names are unique enough for one flow. */
class Browser {
  private readonly cookies = new Map<string, string>();

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual', signal: AbortSignal.timeout(10_000) });
    for (const line of response.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const index = pair!.indexOf('=');
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1).trim();
      const expired = attributes.some((attribute) => /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

function formAction(html: string): string {
  const match = /<form[^>]*action="([^"]+)"/.exec(html);
  if (!match) throw new Error(`no form in page:\n${html}`);
  return match[1]!.replace(/&amp;/g, '&').replace(/&#x2F;/g, '/');
}

interface FlowOptions {
  roleId?: 'viewer';
  cancel?: boolean;
}

/**
 * Plays the popup up to the app: starts at the app, signs in and consents at the provider (or
 * cancels), and returns the callback URL the provider redirects to, without loading it.
 */
async function reachCallback(login: string, options: FlowOptions = {}): Promise<string> {
  const browser = new Browser();
  const start = new URL('/api/user/apple', appOrigin);
  start.searchParams.set('host', appOrigin);
  if (options.roleId) start.searchParams.set('roleId', options.roleId);
  let url = start.toString();
  let init: RequestInit = {};
  for (let step = 0; step < 20; step += 1) {
    if (url.startsWith(`${appOrigin}${callbackPath}`)) return url;
    const response = await browser.fetch(url, init);
    init = {};
    if (response.status >= 300 && response.status < 400) {
      url = new URL(response.headers.get('location')!, url).toString();
      continue;
    }
    const html = await response.text();
    if (response.status !== 200 || !url.startsWith(issuer)) throw new Error(`unexpected ${response.status} at ${url}:\n${html}`);
    if (options.cancel) {
      const cancel = /href="([^"]+)">\[ Cancel \]/.exec(html);
      url = new URL(cancel![1]!.replace(/&amp;/g, '&'), url).toString();
      continue;
    }
    const fields: Record<string, string> = html.includes('name="login"')
      ? { prompt: 'login', login, password: 'any-password' }
      : { prompt: 'consent' };
    url = new URL(formAction(html), url).toString();
    init = { method: 'POST', body: new URLSearchParams(fields), headers: { 'content-type': 'application/x-www-form-urlencoded' } };
  }
  throw new Error('the sign-in flow did not reach the callback');
}

/** The whole popup, ending with the app's callback page. */
async function runFlow(login: string, options: FlowOptions = {}) {
  const callbackUrl = await reachCallback(login, options);
  const response = await fetch(callbackUrl, { redirect: 'manual', signal: AbortSignal.timeout(10_000) });
  return { callbackUrl, response, html: await response.text() };
}

interface PostedMessage {
  message: Record<string, unknown>;
  targetOrigin: string | null;
  script: string;
}

/** Reads what the page's inline script posts to window.opener. */
function postedMessage(html: string): PostedMessage {
  const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error(`no script in page:\n${html}`);
  const match = /var m=(.*?);var o=(.*?);if\(o&&window\.opener\)\{window\.opener\.postMessage\(m,o\);window\.close\(\);\}/.exec(script);
  if (!match) throw new Error(`unexpected script: ${script}`);
  return { message: JSON.parse(match[1]!), targetOrigin: JSON.parse(match[2]!), script };
}

function expectStrictPage(response: Response, script: string) {
  expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
  const hash = createHash('sha256').update(script).digest('base64');
  expect(response.headers.get('content-security-policy')).toBe(
    `default-src 'none'; script-src 'sha256-${hash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
  );
  expect(response.headers.get('cache-control')).toBe('no-store');
}

const rowByEmail = (email: string) => firstRow(t.app.services.db.select().from(users).where(eq(users.email, email)));

describe('GET /api/user/apple', () => {
  it('redirects (302) to the provider with state, nonce, PKCE and the callback as redirect_uri', async () => {
    const response = await fetch(`${appOrigin}/api/user/apple?host=${encodeURIComponent(appOrigin)}`, { redirect: 'manual' });
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location')!);
    expect(`${location.origin}${location.pathname}`).toBe(`${issuer}/auth`);
    expect(Object.fromEntries(location.searchParams)).toMatchObject({
      client_id: clientId,
      redirect_uri: `${appOrigin}${callbackPath}`,
      response_type: 'code',
      scope: 'openid email profile',
      code_challenge_method: 'S256',
    });
    for (const name of ['state', 'nonce', 'code_challenge']) expect(location.searchParams.get(name)).toMatch(/^[\w-]{43,}$/);
  });

  it.each([
    ['another origin', 'https://evil.test'],
    ['the app origin with a path', '/path'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a bare host name', '127.0.0.1'],
  ])('refuses %s as host with 400', async (_label, value) => {
    const host = value === '/path' ? `${appOrigin}/path` : value;
    const response = await fetch(`${appOrigin}/api/user/apple?host=${encodeURIComponent(host)}`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: 'The host parameter must be the origin of this site (for example https://app.example.com)',
    });
  });

  it('refuses a missing host and a roleId other than viewer with 400', async () => {
    const missing = await fetch(`${appOrigin}/api/user/apple`, { redirect: 'manual' });
    expect(missing.status).toBe(400);
    expect((await missing.json()).message).toBe('The host parameter must be the origin of this site (for example https://app.example.com)');
    const role = await fetch(`${appOrigin}/api/user/apple?host=${encodeURIComponent(appOrigin)}&roleId=admin`, { redirect: 'manual' });
    expect(role.status).toBe(400);
    expect((await role.json()).message).toBe('roleId can only be "viewer"');
  });
});

describe('the Apple sign-in flow', () => {
  it('signs an existing creator in with the same verified email and links the Apple identity', async () => {
    const existing = await createUser(t.app, { role: 'dj', email: 'alice@apple.test' });
    const { response, html } = await runFlow('alice');
    expect(response.status).toBe(200);
    const { message, targetOrigin, script } = postedMessage(html);
    expectStrictPage(response, script);
    expect(targetOrigin).toBe(appOrigin);
    expect(Object.keys(message).sort()).toEqual(['displayName', 'email', 'hasUnpaidInvoices', 'role', 'token', 'type']);
    expect(message).toMatchObject({
      type: 'cuepoint-apple-login',
      role: ['dj'],
      email: 'alice@apple.test',
      displayName: 'Test dj',
      hasUnpaidInvoices: 'false',
    });
    const alive = await t.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(message.token as string) });
    expect(alive.statusCode).toBe(200);
    expect(alive.json().user).toMatchObject({ id: existing.id, email: 'alice@apple.test' });
    expect((await rowByEmail('alice@apple.test'))?.appleSub).toBe('alice');
  });

  it('creates a new creator inactive and posts the activation text', async () => {
    const { response, html } = await runFlow('bob');
    expect(response.status).toBe(403);
    const { message, targetOrigin, script } = postedMessage(html);
    expectStrictPage(response, script);
    expect(targetOrigin).toBe(appOrigin);
    expect(message).toEqual({ type: 'cuepoint-apple-login', error: 'Please wait for an admin to activate your account' });
    expect(html).toContain('<p id="message">Please wait for an admin to activate your account</p>');
    expect(await rowByEmail('bob@apple.test')).toMatchObject({ role: 'dj', isActive: false, appleSub: 'bob', firstName: 'Bob', lastName: 'Orchard' });
  });

  it('creates an active viewer for roleId=viewer', async () => {
    const { response, html } = await runFlow('carol', { roleId: 'viewer' });
    expect(response.status).toBe(200);
    const { message } = postedMessage(html);
    expect(message).toMatchObject({ type: 'cuepoint-apple-login', role: ['viewer'], email: 'carol@apple.test', displayName: 'Carol Viewer' });
    const claims = await t.app.services.tokens.verify(message.token as string);
    expect(claims).toMatchObject({ role: 'viewer', typ: 'viewer' });
    expect(await rowByEmail('carol@apple.test')).toMatchObject({ role: 'viewer', isActive: true, appleSub: 'carol' });
  });

  it('signs a returning viewer in again (roleId=viewer): the same account, a viewer token, no second row', async () => {
    const first = postedMessage((await runFlow('fern', { roleId: 'viewer' })).html).message;
    const again = postedMessage((await runFlow('fern', { roleId: 'viewer' })).html).message;
    const [firstClaims, againClaims] = await Promise.all([t.app.services.tokens.verify(first.token as string), t.app.services.tokens.verify(again.token as string)]);
    expect(againClaims).toMatchObject({ sub: firstClaims.sub, role: 'viewer', typ: 'viewer' });
    expect(await t.app.services.db.select().from(users).where(eq(users.appleSub, 'fern'))).toHaveLength(1);
  });

  it('links a viewer who registered with a password (same verified email) and signs them in as that viewer', async () => {
    const viewer = await createUser(t.app, { role: 'viewer', email: 'erin@apple.test' });
    const { response, html } = await runFlow('erin', { roleId: 'viewer' });
    expect(response.status).toBe(200);
    const { message } = postedMessage(html);
    expect(message).toMatchObject({ role: ['viewer'], email: 'erin@apple.test' });
    expect(await t.app.services.tokens.verify(message.token as string)).toMatchObject({ sub: viewer.id, role: 'viewer', typ: 'viewer' });
    expect(await rowByEmail('erin@apple.test')).toMatchObject({ id: viewer.id, role: 'viewer', appleSub: 'erin' });
  });

  it('escapes what it puts into the page', async () => {
    const { html } = await runFlow('mallory', { roleId: 'viewer' });
    expect(html).not.toContain('</script><script>');
    expect(html).not.toContain('<b>');
    const { message } = postedMessage(html);
    expect(message.displayName).toBe('</script><script>alert(1)</script> <b>&amp;');
  });

  it('accepts the callback as a form_post (application/x-www-form-urlencoded)', async () => {
    // Stop at the callback without loading it, then deliver its parameters the way Apple does.
    const url = await reachCallback('dave', { roleId: 'viewer' });
    const query = new URL(url).searchParams;
    query.set('user', JSON.stringify({ name: { firstName: 'Ignored', lastName: 'Ignored' }, email: 'dave@apple.test' }));
    const response = await fetch(`${appOrigin}${callbackPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: query.toString(),
    });
    expect(response.status).toBe(200);
    const { message } = postedMessage(await response.text());
    // Names in the ID token win over the unsigned "user" field.
    expect(message).toMatchObject({ role: ['viewer'], email: 'dave@apple.test', displayName: 'Dave Cider' });
  });

  it('answers a reused state with a 400 page carrying an error message', async () => {
    const { callbackUrl, response } = await runFlow('carol', { roleId: 'viewer' });
    expect(response.status).toBe(200);
    const replay = await fetch(callbackUrl);
    expect(replay.status).toBe(400);
    const html = await replay.text();
    const { message, targetOrigin, script } = postedMessage(html);
    expectStrictPage(replay, script);
    expect(message).toEqual({ type: 'cuepoint-apple-login', error: 'This sign-in attempt is unknown or has expired. Please start again.' });
    expect(targetOrigin).toBe(appOrigin);
  });

  it('answers an unknown state with a 400 page (GET and POST), never a 500', async () => {
    const get = await fetch(`${appOrigin}${callbackPath}?code=whatever&state=unknown-state`);
    expect(get.status).toBe(400);
    expect(postedMessage(await get.text()).message).toEqual({
      type: 'cuepoint-apple-login',
      error: 'This sign-in attempt is unknown or has expired. Please start again.',
    });
    const post = await fetch(`${appOrigin}${callbackPath}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'code=whatever',
    });
    expect(post.status).toBe(400);
    expect(postedMessage(await post.text()).message.error).toBe('This sign-in attempt is unknown or has expired. Please start again.');
  });

  it('reports a cancelled sign-in as "Cancelled login"', async () => {
    const { response, html } = await runFlow('alice', { cancel: true });
    expect(response.status).toBe(200);
    expect(postedMessage(html).message).toEqual({ type: 'cuepoint-apple-login', error: 'Cancelled login' });
  });

  it('keeps form bodies to the Apple routes', async () => {
    const response = await fetch(`${appOrigin}/api/user/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'userName=alice%40apple.test&password=whatever',
    });
    expect(response.status).toBe(415);
  });
});
