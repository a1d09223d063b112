import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { users } from '@db/schema/users';
import { adminRuleMessages, assertAdminChangeAllowed } from '@server/domains/users/admin-rules';
import { findUserById } from '@server/domains/users/session-reads';
import { isUniqueViolation } from '@db/portable-sql';
import { markSubscriptionPaid } from '@server/domains/users/users.service';
import { IdentityError, type IdentityProviders } from '@server/providers/identity/interface';
import { passwordHashing } from '@server/platform/passwords';
import { tooManyAttemptsMessage } from '@server/platform/rate-limit';
import { checkoutProcedure, createCallerFactory, pendingPaymentMessage, router } from '@server/trpc/init';
import { createContext } from '@server/trpc/context';
import { bearer, callerAs, createTestApp, createUser, testPassword, type TestApp } from '../helpers/app';
import { onPostgres } from '../helpers/test-engines';
import { firstRow } from '@db/store';
import { sqliteConnectionOf } from '@db/sqlite-store';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function start(env: Record<string, string> = {}, deps: Parameters<typeof createTestApp>[1] = {}): Promise<TestApp> {
  t = await createTestApp(env, deps);
  return t;
}

const post = (app: TestApp, url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'POST', url, payload: payload as object, headers });

const wrongLogin = (userName: string) => ({ userName, password: 'not-the-password' });

describe('client address and origin', () => {
  it('with TRUST_PROXY off, a forged X-Forwarded-For does not reset the per-address login limit', async () => {
    const app = await start({ LOGIN_RATE_LIMIT: '2' });
    // Different (unknown) accounts, so only the per-address budget is at stake.
    for (const name of ['first@example.test', 'second@example.test']) {
      expect((await post(app, '/api/user/login', wrongLogin(name))).statusCode).toBe(401);
    }
    const refused = await post(app, '/api/user/login', wrongLogin('third@example.test'));
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual({ message: tooManyAttemptsMessage });
    const forged = await post(app, '/api/user/login', wrongLogin('fourth@example.test'), { 'x-forwarded-for': '203.0.113.9' });
    expect(forged.statusCode).toBe(429);
  });

  it('with TRUST_PROXY naming the proxy, the forwarded address counts (and the account limit still holds)', async () => {
    const app = await start({ LOGIN_RATE_LIMIT: '2', TRUST_PROXY: '127.0.0.1' });
    for (const name of ['first@example.test', 'second@example.test']) {
      expect((await post(app, '/api/user/login', wrongLogin(name), { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(401);
    }
    expect((await post(app, '/api/user/login', wrongLogin('third@example.test'), { 'x-forwarded-for': '198.51.100.1' })).statusCode).toBe(429);
    expect((await post(app, '/api/user/login', wrongLogin('third@example.test'), { 'x-forwarded-for': '198.51.100.2' })).statusCode).toBe(401);
  });

  it('Apple sign-in never takes its return origin from forwarded headers', async () => {
    const forged = { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const startApple = (app: TestApp, host: string) =>
      app.app.inject({ method: 'GET', url: `/api/user/apple?host=${encodeURIComponent(host)}`, headers: forged });

    const direct = await start();
    const refused = await startApple(direct, 'https://evil.example');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toMatch(/host parameter must be the origin of this site/);
    await direct.close();

    const proxied = await start({ TRUST_PROXY: 'true' });
    const unknown = await startApple(proxied, 'https://evil.example');
    expect(unknown.statusCode).toBe(503);
    expect(unknown.json()).toEqual({ message: 'Apple sign-in behind a proxy needs PUBLIC_URL to be set' });
    await proxied.close();

    const configured = await start({ TRUST_PROXY: 'true', PUBLIC_URL: 'https://live.example.com' });
    expect((await startApple(configured, 'https://evil.example')).statusCode).toBe(400);
    // The configured origin passes the host check (Apple itself is not configured here, so its page reports that).
    const own = await startApple(configured, 'https://live.example.com');
    expect(own.statusCode).not.toBe(400);
    expect(own.body).toContain('https://live.example.com');
  });
});

describe('rate limits that hold', () => {
  it('a per-account login limit holds across changing addresses and across email and creator tag', async () => {
    const app = await start({ LOGIN_RATE_LIMIT: '3', TRUST_PROXY: '127.0.0.1' });
    await createUser(app.app, { role: 'dj', email: 'target@example.test', creatorTag: 'target_tag' });
    const attempts = ['target@example.test', 'TARGET_TAG', 'target@example.test'];
    for (const [index, userName] of attempts.entries()) {
      const answer = await post(app, '/api/user/login', wrongLogin(userName), { 'x-forwarded-for': `192.0.2.${index + 1}` });
      expect(answer.statusCode).toBe(401);
    }
    const fourth = await post(app, '/api/user/login', { userName: 'target_tag', password: testPassword }, { 'x-forwarded-for': '192.0.2.99' });
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json()).toEqual({ message: tooManyAttemptsMessage });
  });

  it('caps concurrent password hashing: a burst of logins queues briefly, the excess gets 429, nothing fails', async () => {
    const app = await start({ LOGIN_RATE_LIMIT: '100', PASSWORD_HASH_CONCURRENCY: '2', PASSWORD_HASH_MAX_WAIT_MS: '200' });
    passwordHashing.resetPeak();
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, index) => post(app, '/api/user/login', wrongLogin(`burst${index}@example.test`))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.every((status) => status === 401 || status === 429)).toBe(true);
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThan(0);
    expect(answers.find((answer) => answer.statusCode === 429)!.json()).toEqual({ message: tooManyAttemptsMessage });
    expect(passwordHashing.peakConcurrency()).toBeLessThanOrEqual(2);
  });
});

const checkoutForm = {
  referrerId: null,
  email: 'buyer@example.test',
  firstName: 'Bea',
  lastName: 'Buyer',
  subDomain: 'bea_buys',
  password: 'long-enough-password',
};

describe('checkout-registered creators', () => {
  const paymentRouter = router({ pay: checkoutProcedure.query(({ ctx }) => ({ paidBy: ctx.actor.id })) });
  const paymentCaller = createCallerFactory(paymentRouter);

  it('can sign in but reach only checkout until the first payment is confirmed', async () => {
    const app = await start();
    const registered = await post(app, '/api/user/register-with-sign-in', checkoutForm);
    expect(registered.statusCode).toBe(201);
    const { token, user } = registered.json();
    expect(user.pendingPayment).toBe(true);

    // A creator procedure: refused with a clear 403, before its input is looked at.
    const update = await post(app, '/api/auth/user/update', { user: { displayName: 'Bea B' } }, bearer(token));
    expect(update.statusCode).toBe(403);
    expect(update.json()).toEqual({ message: pendingPaymentMessage });
    const tipOptions = await app.app.inject({ method: 'GET', url: '/api/tips/options', headers: bearer(token) });
    expect(tipOptions.statusCode).toBe(403);
    expect(tipOptions.json()).toEqual({ message: pendingPaymentMessage });

    // Their own session, the catalogue and the payment calls work.
    expect((await app.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(token) })).statusCode).toBe(200);
    expect((await app.app.inject({ method: 'GET', url: '/api/payment/products' })).statusCode).toBe(200);
    const context = await createContext(app.app.services, { headers: bearer(token), ip: '127.0.0.1' });
    await expect(paymentCaller(context).pay()).resolves.toEqual({ paidBy: user.id });
    const login = await post(app, '/api/user/login', { userName: checkoutForm.email, password: checkoutForm.password });
    expect(login.statusCode).toBe(200);
    expect(login.json().user.pendingPayment).toBe(true);

    await markSubscriptionPaid(app.app.services.db, user.id);
    const afterPayment = await post(app, '/api/auth/user/update', { user: { displayName: 'Bea B' } }, bearer(token));
    expect(afterPayment.statusCode).toBe(200);
    expect(afterPayment.json().user).toMatchObject({ displayName: 'Bea B', pendingPayment: false });
  });

  it('an admin activation also lifts the limit; /register still creates an inactive creator', async () => {
    const app = await start();
    const admin = await createUser(app.app, { role: 'admin' });
    const { user, token } = (await post(app, '/api/user/register-with-sign-in', checkoutForm)).json();
    const activated = await (await callerAs(app.app, admin.token)).users.setActive({ id: user.id, isActive: true });
    expect(activated.user.pendingPayment).toBe(false);
    expect((await post(app, '/api/auth/user/update', { user: { description: 'Hi' } }, bearer(token))).statusCode).toBe(200);

    const plain = await post(app, '/api/user/register', { ...checkoutForm, email: 'plain@example.test', subDomain: 'plain_one' });
    expect(plain.json().user).toMatchObject({ isActive: false, pendingPayment: false });
  });
});

describe('emulation lives only as long as its admin', () => {
  it('an emulation token stops working once the admin is demoted, deactivated or changes password', async () => {
    for (const change of ['demote', 'deactivate', 'password'] as const) {
      const app = await start();
      const admin = await createUser(app.app, { role: 'admin' });
      const otherAdmin = await createUser(app.app, { role: 'admin' });
      const creator = await createUser(app.app, { role: 'dj' });
      const emulation = await app.app.inject({ method: 'GET', url: `/api/user/emulate/${creator.id}`, headers: bearer(admin.token) });
      const emulatedToken = emulation.json().token as string;
      const alive = () => app.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(emulatedToken) });
      expect((await alive()).statusCode).toBe(200);

      const other = await callerAs(app.app, otherAdmin.token);
      if (change === 'demote') await other.users.setRole({ id: admin.id, role: 'dj' });
      if (change === 'deactivate') await other.users.setActive({ id: admin.id, isActive: false });
      if (change === 'password') {
        await (await callerAs(app.app, admin.token)).users.changePassword({
          currentPassword: testPassword,
          newPassword: 'another-password',
          confirmPassword: 'another-password',
        });
      }
      const after = await alive();
      expect(after.statusCode, change).toBe(401);
      expect(after.json()).toEqual({ message: 'Invalid access_token' });
      await app.close();
      t = undefined;
    }
  });
});

describe('admin rules on the server', () => {
  it('an admin cannot deactivate or demote themself, or emulate an admin', async () => {
    const app = await start();
    const admin = await createUser(app.app, { role: 'admin' });
    const otherAdmin = await createUser(app.app, { role: 'admin' });
    const deactivate = await post(app, '/trpc/users.setActive', { id: admin.id, isActive: false }, bearer(admin.token));
    expect(deactivate.statusCode).toBe(403);
    expect(deactivate.json().error.message).toBe(adminRuleMessages.notOwnAccount);
    const caller = await callerAs(app.app, admin.token);
    await expect(caller.users.setRole({ id: admin.id, role: 'dj' })).rejects.toThrow(adminRuleMessages.notOwnAccount);
    await expect(caller.users.emulate({ id: otherAdmin.id })).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await findUserById(app.app.services, admin.id)).toMatchObject({ role: 'admin', isActive: true });
    // Demoting another admin is fine while one active admin remains.
    await caller.users.setRole({ id: otherAdmin.id, role: 'dj' });
    expect((await findUserById(app.app.services, otherAdmin.id))?.role).toBe('dj');
  });

  it('the last active admin cannot be removed, whoever asks', async () => {
    const app = await start();
    const admin = await createUser(app.app, { role: 'admin' });
    const row = (await findUserById(app.app.services, admin.id))!;
    await expect(assertAdminChangeAllowed(app.app.services.db, { id: 'someone-else' }, row, { isActive: false })).rejects.toThrow(adminRuleMessages.lastAdmin);
    await expect(assertAdminChangeAllowed(app.app.services.db, { id: 'someone-else' }, row, { role: 'staff' })).rejects.toThrow(adminRuleMessages.lastAdmin);
  });

  it('a role change revokes the account’s tokens', async () => {
    const app = await start();
    const admin = await createUser(app.app, { role: 'admin' });
    const creator = await createUser(app.app, { role: 'dj' });
    const alive = () => app.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(creator.token) });
    expect((await alive()).statusCode).toBe(200);
    await (await callerAs(app.app, admin.token)).users.setRole({ id: creator.id, role: 'staff' });
    expect((await alive()).statusCode).toBe(401);
  });
});

describe('viewer tokens on creator routes', () => {
  it('answer 403 before the input is looked at', async () => {
    const app = await start();
    const viewer = await createUser(app.app, { role: 'viewer' });
    const malformed = await post(app, '/api/auth/user/update', { user: { displayName: 42 }, extra: true }, bearer(viewer.token));
    expect(malformed.statusCode).toBe(403);
    expect(malformed.json()).toEqual({ message: 'You do not have permission to do this' });
  });
});

describe('secrets stay out of logs', () => {
  it('the reset link appears in no log line: not the mail, not the page request that opens it', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await start({ LOG_LEVEL: 'info' }, { logStream });
    await createUser(app.app, { role: 'dj', email: 'forgetful@example.test' });
    expect((await post(app, '/api/user/forgot-password', { email: 'forgetful@example.test' })).statusCode).toBe(200);
    const outbox = join(app.dataDir, 'outbox');
    const mail = await vi.waitFor(() => {
      const [file] = readdirSync(outbox).filter((name) => name.endsWith('.json'));
      expect(file).toBeDefined();
      return JSON.parse(readFileSync(join(outbox, file!), 'utf8')) as { text: string };
    });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    await app.app.inject({ method: 'GET', url: `/pages/auth/reset-password?token=${token}` });
    await post(app, '/api/user/reset-password', { token, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' });

    const log = lines.join('');
    expect(log).toContain('mail written to the outbox');
    expect(log).toContain('reset-password?token=[redacted]');
    expect(log).not.toContain(token);
    expect(log).not.toContain('/pages/auth/reset-password?token=' + token.slice(0, 8));
  });

  it('a reset request answers the same when the mail transport fails, and logs the failure without the link', async () => {
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    let sentText = '';
    const mailer = {
      send: async (mail: { text: string }) => {
        sentText = mail.text;
        throw new Error('connect ECONNREFUSED 127.0.0.1:587');
      },
    };
    const app = await start({ LOG_LEVEL: 'info' }, { mailer, logStream });
    await createUser(app.app, { role: 'dj', email: 'known@example.test' });
    const known = await post(app, '/api/user/forgot-password', { email: 'known@example.test' });
    const unknown = await post(app, '/api/user/forgot-password', { email: 'unknown@example.test' });
    expect(known.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    await vi.waitFor(() => expect(lines.join('')).toContain('password reset mail could not be sent'));
    const token = /token=([A-Za-z0-9_-]+)/.exec(sentText)![1]!;
    expect(lines.join('')).not.toContain(token);
  });

  it('a password change voids every outstanding reset link', async () => {
    const app = await start();
    const creator = await createUser(app.app, { role: 'dj', email: 'changer@example.test' });
    await post(app, '/api/user/forgot-password', { email: 'changer@example.test' });
    const outbox = join(app.dataDir, 'outbox');
    const mail = await vi.waitFor(() => {
      const [file] = readdirSync(outbox).filter((name) => name.endsWith('.json'));
      expect(file).toBeDefined();
      return JSON.parse(readFileSync(join(outbox, file!), 'utf8')) as { text: string };
    });
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const change = await post(
      app,
      '/api/user/change-password',
      { currentPassword: testPassword, newPassword: 'changed-password', confirmPassword: 'changed-password' },
      bearer(creator.token),
    );
    expect(change.statusCode).toBe(200);
    const reset = await post(app, '/api/user/reset-password', { token, password: 'attacker-pass', confirmPassword: 'attacker-pass' });
    expect(reset.statusCode).toBe(400);
    expect(reset.json().message).toBe('This reset link is invalid or has expired');
  });
});

describe('creator tags and lookups in the database', () => {
  it('refuses a case variant of a creator tag at the database level', async () => {
    const app = await start();
    await createUser(app.app, { role: 'dj', creatorTag: 'MixMaster' });
    const refused = await createUser(app.app, { role: 'dj', creatorTag: 'mixmaster' }).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(isUniqueViolation(refused, { index: 'users_creator_tag_lower_unique' })).toBe(true);
    expect(isUniqueViolation(refused, { index: 'users_email_unique', columns: 'users.email' })).toBe(false);
    const registered = await post(app, '/api/user/register', { ...checkoutForm, subDomain: 'MIXMASTER' });
    expect(registered.statusCode).toBe(409);
    expect(registered.json().errors).toEqual({ subDomain: 'This creator tag is already taken' });
  });

  // EXPLAIN QUERY PLAN on the SQLite connection (the PostgreSQL indexes are the same ones, checked by the schema-drift test).
  it.skipIf(onPostgres())('looks accounts up by email and by creator tag through an index, never a scan', async () => {
    const app = await start();
    const sqlite = sqliteConnectionOf(app.app.services.store)!;
    const plan = (query: string) =>
      (sqlite.prepare(`EXPLAIN QUERY PLAN ${query}`).all('someone@example.test', 'someone@example.test') as { detail: string }[])
        .map((row) => row.detail)
        .join('\n');
    const byLogin = plan('SELECT id FROM users WHERE email = ? OR lower(creator_tag) = ?');
    expect(byLogin).not.toMatch(/SCAN users/);
    expect(byLogin).toMatch(/users_creator_tag_lower_unique/);
    const byEmail = (sqlite.prepare('EXPLAIN QUERY PLAN SELECT id FROM users WHERE email = ?').all('a@b.c') as { detail: string }[])
      .map((row) => row.detail)
      .join('\n');
    expect(byEmail).toMatch(/USING INDEX users_email_unique/);
  });
});

describe('internal errors', () => {
  it('answer the generic message with no stack or internals, over REST and tRPC', async () => {
    const secretDetail = 'database exploded at /srv/cuepoint/secret-path.ts';
    const identity = {
      verifyGoogleIdToken: async () => {
        throw new Error(secretDetail);
      },
      appleAuthorizationUrl: async () => {
        throw new IdentityError('not configured');
      },
      appleCompleteSignIn: async () => {
        throw new IdentityError('not configured');
      },
    } as unknown as IdentityProviders;
    const app = await start({ NODE_ENV: 'development' }, { identity });
    app.app.get('/api/test-only/boom', async () => {
      throw new Error(secretDetail);
    });
    const route = await app.app.inject({ method: 'GET', url: '/api/test-only/boom' });
    expect(route.statusCode).toBe(500);
    expect(route.json()).toEqual({ message: 'Unexpected error. Please try again.' });
    const rest = await post(app, '/api/user/google', { tokenId: 'a-google-id-token' });
    expect(rest.statusCode).toBe(500);
    expect(rest.json()).toEqual({ message: 'Unexpected error. Please try again.' });

    const trpc = await post(app, '/trpc/users.googleSignIn', { tokenId: 'a-google-id-token' });
    expect(trpc.statusCode).toBe(500);
    expect(trpc.json().error.message).toBe('Unexpected error. Please try again.');
    for (const body of [route.body, rest.body, trpc.body]) {
      expect(body).not.toContain('secret-path');
      expect(body).not.toMatch(/\bstack\b|\n\s+at /);
    }
  });
});

describe('browser hardening headers', () => {
  it('app pages get a CSP (self + hashed inline scripts), referrer and permissions policies; embeds may be framed', async () => {
    const webDist = mkdtempSync(join(tmpdir(), 'cuepoint-web-'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head><script>window.__boot = 1;</script></head><body></body></html>');
    const app = await start({}, { webDist });

    const page = await app.app.inject({ method: 'GET', url: '/apps/calendar' });
    expect(page.statusCode).toBe(200);
    const csp = String(page.headers['content-security-policy']);
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
    expect(scriptSrc).toContain("'self'");
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(scriptSrc).not.toContain('unsafe-inline');
    expect(scriptSrc).not.toContain('accounts.google.com');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(String(page.headers['permissions-policy'])).toContain('camera=(self), microphone=(self), display-capture=(self), geolocation=()');
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');

    const embed = await app.app.inject({ method: 'GET', url: '/embed/some-event' });
    expect(String(embed.headers['content-security-policy'])).toContain('frame-ancestors *');
    expect(embed.headers['x-frame-options']).toBeUndefined();

    // Data answers carry the short policy: nothing sniffed, framed or loaded from them.
    for (const url of ['/healthz', '/api/payment/products', '/trpc/system.health']) {
      const data = await app.app.inject({ method: 'GET', url });
      expect(data.headers['x-content-type-options'], url).toBe('nosniff');
      expect(data.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(data.headers['cross-origin-resource-policy'], url).toBe('same-origin');
      expect(data.headers['permissions-policy'], url).toBeUndefined();
    }
  });

  it('adds Google and bot-check origins only where configured', async () => {
    const app = await start({ GOOGLE_CLIENT_ID: 'client.apps.googleusercontent.com', BOT_CHECK_PROVIDER: 'recaptcha', RECAPTCHA_SITE_KEY: 'k', RECAPTCHA_SECRET: 's' });
    const answer = await app.app.inject({ method: 'GET', url: '/login' });
    const scriptSrc = /script-src ([^;]+)/.exec(String(answer.headers['content-security-policy']))![1]!;
    expect(scriptSrc).toContain('https://accounts.google.com/gsi/client');
    expect(scriptSrc).toContain('https://www.google.com/recaptcha/');
  });
});

describe('demo accounts', () => {
  it('the users table has no demo creator when SEED_DEMO_ACCOUNTS=false', async () => {
    const app = await start({ SEED_DEMO_ACCOUNTS: 'false' });
    const { seedCoreData } = await import('../../seed/accounts');
    const logins = await seedCoreData(app.app.services.db, app.config);
    expect(logins.map((login) => login.label)).toEqual(['Admin']);
    expect(await firstRow(app.app.services.db.select().from(users).where(eq(users.email, 'mara@cuepoint.local')))).toBeUndefined();
    expect(JSON.stringify(logins)).not.toContain(app.config.admin.password);
  });
});
