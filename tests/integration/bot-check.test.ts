import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users } from '@db/schema/users';
import { createTestApp, type TestApp } from '../helpers/app';
import { firstRow } from '@db/store';

const messages = {
  missing: 'Please complete the bot check before creating your account.',
  lowScore: 'The bot check failed: your score was too low. Please try again.',
};

let counter = 0;
function creator(botCheckToken?: string) {
  counter += 1;
  return {
    email: `creator${counter}@example.test`,
    firstName: 'Casey',
    lastName: 'Creator',
    subDomain: `creator_${counter}`,
    password: 'a-good-password',
    ...(botCheckToken !== undefined && { botCheckToken }),
  };
}

function register(t: TestApp, payload: object) {
  return t.app.inject({ method: 'POST', url: '/api/user/register', payload });
}

const userCount = async (t: TestApp) => (await t.app.services.db.select().from(users)).length;

describe('bot check: proof of work (the default)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp({ BOT_CHECK_PROVIDER: 'pow', REGISTER_RATE_LIMIT: '100' });
  });
  afterEach(async () => t.close());

  /** What the web widget does: fetch a challenge, find the number, send the signed payload back. */
  async function solvedToken(): Promise<{ token: string; payload: Record<string, unknown> }> {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/bot-check/challenge' });
    expect(response.statusCode).toBe(200);
    const challenge = response.json();
    expect(challenge).toMatchObject({ algorithm: 'SHA-256', maxnumber: 50_000 });
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    expect(solution).not.toBeNull();
    const payload = {
      algorithm: challenge.algorithm,
      challenge: challenge.challenge,
      number: solution!.number,
      salt: challenge.salt,
      signature: challenge.signature,
      took: solution!.took,
    };
    return { token: Buffer.from(JSON.stringify(payload)).toString('base64'), payload };
  }

  it('publishes its configuration', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/bot-check/config' });
    expect(response.json()).toEqual({ provider: 'pow' });
  });

  it('registers a creator (inactive) with a solved challenge, and refuses the same solution again', async () => {
    const { token, payload } = await solvedToken();
    const first = creator(token);
    const response = await register(t, first);
    expect(response.statusCode).toBe(201);
    const row = await firstRow(t.app.services.db.select().from(users).where(eq(users.email, first.email)));
    expect(row).toMatchObject({ role: 'dj', isActive: false, creatorTag: first.subDomain });

    const replay = await register(t, creator(token));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      message: 'The bot check call failed: timeout-or-duplicate',
      errors: { botCheckToken: 'The bot check call failed: timeout-or-duplicate' },
    });

    // The same solution encoded differently (other key order) is still the same solution.
    const reordered = Buffer.from(JSON.stringify(Object.fromEntries(Object.entries(payload).reverse()))).toString('base64');
    expect(reordered).not.toBe(token);
    const replay2 = await register(t, creator(reordered));
    expect(replay2.statusCode).toBe(400);
    expect(replay2.json().errors).toEqual({ botCheckToken: 'The bot check call failed: timeout-or-duplicate' });
    expect(await userCount(t)).toBe(1);
  });

  it('refuses a garbage token and a forged solution with 400 on botCheckToken', async () => {
    const garbage = await register(t, creator('not-a-real-token'));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json()).toEqual({
      message: 'The bot check call failed: invalid-input-response',
      errors: { botCheckToken: 'The bot check call failed: invalid-input-response' },
    });

    const { payload } = await solvedToken();
    const forged = Buffer.from(JSON.stringify({ ...payload, number: (payload.number as number) + 1 })).toString('base64');
    const wrong = await register(t, creator(forged));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors).toEqual({ botCheckToken: 'The bot check call failed: invalid-input-response' });
    expect(await userCount(t)).toBe(0);
  });

  it('refuses a registration without a token with the spec text', async () => {
    const response = await register(t, creator());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: messages.missing, errors: { botCheckToken: messages.missing } });
    expect(await userCount(t)).toBe(0);
  });

  it('does not ask viewers for a bot check', async () => {
    const response = await register(t, {
      email: 'viewer@example.test',
      firstName: 'Vic',
      lastName: 'Viewer',
      password: 'a-good-password',
      roleId: 'viewer',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.role).toEqual(['viewer']);
  });
});

/** A stand-in for https://www.google.com/recaptcha/api/siteverify, speaking its wire format. */
const recaptchaSecret = 'recaptcha-test-secret';
const verdicts: Record<string, Record<string, unknown>> = {
  good: { success: true, score: 0.9, action: 'submit', challenge_ts: '2026-01-01T00:00:00Z', hostname: 'localhost' },
  borderline: { success: true, score: 0.5, action: 'submit', challenge_ts: '2026-01-01T00:00:00Z', hostname: 'localhost' },
  'wrong-action': { success: true, score: 0.9, action: 'login', challenge_ts: '2026-01-01T00:00:00Z', hostname: 'localhost' },
  expired: { success: false, 'error-codes': ['timeout-or-duplicate', 'invalid-input-response'] },
};
let siteverify: Server;
let siteverifyUrl: string;
const received: Array<Record<string, string>> = [];

beforeAll(async () => {
  siteverify = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      received.push({ ...form, contentType: request.headers['content-type'] ?? '', method: request.method ?? '' });
      if (form.response === 'server-error') return response.writeHead(500).end('oops');
      const verdict =
        form.secret !== recaptchaSecret
          ? { success: false, 'error-codes': ['invalid-input-secret'] }
          : (verdicts[form.response ?? ''] ?? { success: false, 'error-codes': ['invalid-input-response'] });
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(verdict));
    });
  });
  await new Promise<void>((resolve) => siteverify.listen(0, '127.0.0.1', resolve));
  siteverifyUrl = `http://127.0.0.1:${(siteverify.address() as AddressInfo).port}/recaptcha/api/siteverify`;
});

afterAll(async () => {
  siteverify.closeAllConnections();
  await new Promise((resolve) => siteverify.close(resolve));
});

describe('bot check: reCAPTCHA', () => {
  let t: TestApp;
  beforeEach(async () => {
    received.length = 0;
    t = await createTestApp({
      BOT_CHECK_PROVIDER: 'recaptcha',
      RECAPTCHA_SECRET: recaptchaSecret,
      RECAPTCHA_SITE_KEY: 'site-key-for-tests',
      RECAPTCHA_VERIFY_URL: siteverifyUrl,
      REGISTER_RATE_LIMIT: '100',
    });
  });
  afterEach(async () => t.close());

  it('publishes the site key', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user/bot-check/config' });
    expect(response.json()).toEqual({ provider: 'recaptcha', siteKey: 'site-key-for-tests' });
  });

  it('registers a creator when the score is above 0.5 for action "submit", sending secret, response and remoteip', async () => {
    const payload = creator('good');
    const response = await t.app.inject({ method: 'POST', url: '/api/user/register', payload, remoteAddress: '203.0.113.7' });
    expect(response.statusCode).toBe(201);
    expect(received).toEqual([
      {
        secret: recaptchaSecret,
        response: 'good',
        remoteip: '203.0.113.7',
        contentType: 'application/x-www-form-urlencoded',
        method: 'POST',
      },
    ]);
    expect(await firstRow(t.app.services.db.select().from(users).where(eq(users.email, payload.email)))).toMatchObject({ role: 'dj', isActive: false });
  });

  it.each([
    ['a score of 0.5', 'borderline', messages.lowScore],
    ['the action "login"', 'wrong-action', 'The bot check call failed: unexpected action "login"'],
    ['an unsuccessful check', 'expired', 'The bot check call failed: timeout-or-duplicate, invalid-input-response'],
    ['an unreachable verifier (HTTP 500)', 'server-error', 'The bot check call failed: http-500'],
  ])('refuses %s with 400 and writes nothing', async (_label, token, message) => {
    const response = await register(t, creator(token));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message, errors: { botCheckToken: message } });
    expect(await userCount(t)).toBe(0);
  });

  it('refuses a registration without a token before calling the verifier', async () => {
    const response = await register(t, creator());
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(messages.missing);
    expect(received).toEqual([]);
  });

  it('answers /api/user/verify-recaptcha with exactly success, score and error-codes', async () => {
    const post = (token: string) => t.app.inject({ method: 'POST', url: '/api/user/verify-recaptcha', payload: { token } });
    expect((await post('good')).json()).toEqual({ success: true, score: 0.9, 'error-codes': [] });
    expect((await post('wrong-action')).json()).toEqual({ success: true, score: 0.9, 'error-codes': [] });
    const failed = await post('expired');
    expect(failed.statusCode).toBe(200);
    expect(failed.json()).toEqual({ success: false, score: 0, 'error-codes': ['timeout-or-duplicate', 'invalid-input-response'] });
    const empty = await t.app.inject({ method: 'POST', url: '/api/user/verify-recaptcha', payload: { token: '' } });
    expect(empty.statusCode).toBe(400);
  });
});

describe('what the bot-check procedures answer', () => {
  it('passes on only the fields of their output schemas (nothing a provider keeps besides reaches the page)', async () => {
    const provider = {
      publicConfig: { provider: 'recaptcha' as const, siteKey: 'site-key', secret: 'never-sent' },
      createChallenge: async () => ({ algorithm: 'SHA-256', challenge: 'c', maxnumber: 10, salt: 's', signature: 'sig', hmacKey: 'never-sent' }),
      verify: async () => ({ success: true, score: 1, action: 'submit', 'error-codes': [] }),
    };
    const t = await createTestApp({}, { botCheck: provider });
    try {
      const config = await t.app.inject({ method: 'GET', url: '/trpc/users.botCheckConfig' });
      expect(config.json().result.data).toEqual({ provider: 'recaptcha', siteKey: 'site-key' });
      const challenge = await t.app.inject({ method: 'GET', url: '/trpc/users.botCheckChallenge' });
      expect(challenge.json().result.data).toEqual({ algorithm: 'SHA-256', challenge: 'c', maxnumber: 10, salt: 's', signature: 'sig' });
    } finally {
      await t.close();
    }
  });
});
