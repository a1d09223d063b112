import { solveChallenge } from 'altcha-lib/v1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@db/schema/users';
import { createTestInstances, untilReady, type TestInstance, type TestInstances } from '../helpers/instances';
import { useRedis } from '../engines/redis';

const redis = useRedis();

describe('bot check: proof of work on two instances sharing Redis', () => {
  let cluster: TestInstances;
  let a: TestInstance;
  let b: TestInstance;

  beforeAll(async () => {
    cluster = await createTestInstances(2, {
      REDIS_URL: redis.current.url,
      REDIS_KEY_PREFIX: redis.current.keyPrefix(),
      BOT_CHECK_PROVIDER: 'pow',
      REGISTER_RATE_LIMIT: '100',
    });
    [a, b] = cluster.instances as [TestInstance, TestInstance];
    await untilReady(cluster.instances);
  }, 30_000);
  afterAll(async () => cluster?.close());

  let counter = 0;
  const register = (instance: TestInstance, botCheckToken: string) => {
    counter += 1;
    return instance.app.inject({
      method: 'POST',
      url: '/api/user/register',
      payload: {
        email: `creator${counter}@example.test`,
        firstName: 'Casey',
        lastName: 'Creator',
        subDomain: `creator_${counter}`,
        password: 'a-good-password',
        botCheckToken,
      },
    });
  };

  async function solvedToken(from: TestInstance): Promise<string> {
    const challenge = (await from.app.inject({ method: 'GET', url: '/api/user/bot-check/challenge' })).json();
    const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber).promise;
    expect(solution).not.toBeNull();
    const payload = { algorithm: challenge.algorithm, challenge: challenge.challenge, number: solution!.number, salt: challenge.salt, signature: challenge.signature };
    return Buffer.from(JSON.stringify(payload)).toString('base64');
  }

  it('accepts a solution once: used on A, it is refused on B (and on A again)', async () => {
    const token = await solvedToken(a);
    expect((await register(a, token)).statusCode).toBe(201);

    for (const instance of [b, a]) {
      const replay = await register(instance, token);
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({
        message: 'The bot check call failed: timeout-or-duplicate',
        errors: { botCheckToken: 'The bot check call failed: timeout-or-duplicate' },
      });
    }
    expect(await a.app.services.db.select().from(users)).toHaveLength(1);
  });

  it('accepts on B a challenge A handed out, once', async () => {
    const token = await solvedToken(a);
    expect((await register(b, token)).statusCode).toBe(201);
    expect((await register(a, token)).statusCode).toBe(400);
  });
});
