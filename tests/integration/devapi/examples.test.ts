import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callerAs, createTestApp, createUser, type TestApp } from '../../helpers/app';
import { insertEvent } from '../chat/chat-helpers';
import { exampleRunner } from '../../helpers/examples';

/**
 * The example scripts run as a user would run them (`npx tsx examples/<name>.ts`), against a listening
 * server, with CUEPOINT_URL and CUEPOINT_TOKEN set to a real API token.
 */
let t: TestApp;
let url: string;
const runExample = (script: string, args: string[], token: string, onStdout?: (text: string) => void) => exampleRunner(url)(script, args, token, onStdout);

beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => t.close());

describe('example scripts', () => {
  it('watch-chat.ts prints the history and live messages, then stops after --max', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const eventId = await insertEvent(t.app, dj.id);
    const session = await callerAs(t.app, dj.token);
    await session.chat.send({ eventId, text: 'from before', displayName: 'DJ Test' });
    const { token } = await session.apiTokens.create({ name: 'watch', scopes: ['events:read'] });

    let sentLive = false;
    const result = await runExample('watch-chat.ts', ['--event', eventId, '--max', '2', '--timeout', '45'], token, (stdout) => {
      if (!sentLive && stdout.includes('from before')) {
        sentLive = true;
        void session.chat.send({ eventId, text: 'said live', displayName: 'DJ Test' });
      }
    });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout.trim().split('\n')).toEqual([expect.stringMatching(/^\[\d\d:\d\d:\d\d\] DJ Test: from before$/), expect.stringMatching(/DJ Test: said live$/)]);
  });

  it('schedule-event.ts creates an event that list-events.ts then lists', async () => {
    const dj = await createUser(t.app, { role: 'dj' });
    const session = await callerAs(t.app, dj.token);
    const { token } = await session.apiTokens.create({ name: 'scheduler', scopes: ['events:write'] });
    const scheduled = await runExample('schedule-event.ts', ['--name', 'Friday Night Live', '--start', '2030-05-03T21:00:00Z', '--minutes', '90', '--premium-price', '9.99'], token);
    expect(scheduled.stderr).toBe('');
    expect(scheduled.code).toBe(0);
    const id = /: (\S+)$/.exec(scheduled.stdout.trim())?.[1];
    expect(scheduled.stdout).toContain('Scheduled Friday Night Live (2030-05-03T21:00:00.000Z)');
    const [stored] = await session.events.list();
    expect(stored).toMatchObject({ id, name: 'Friday Night Live', startDateTime: '2030-05-03T21:00:00.000Z', endDateTime: '2030-05-03T22:30:00.000Z', isPremium: true, premiumPrice: 9.99 });

    const { token: reader } = await session.apiTokens.create({ name: 'reader', scopes: ['events:read'] });
    const listed = await runExample('list-events.ts', [], reader);
    expect(listed.code).toBe(0);
    expect(listed.stdout.trim()).toBe(`${id}\t2030-05-03T21:00:00.000Z → 2030-05-03T22:30:00.000Z\tFriday Night Live\tpremium $9.99\tactive`);

    // Without events:write the script says why and exits non-zero.
    const refused = await runExample('schedule-event.ts', ['--name', 'Nope'], reader);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toBe('This API token lacks the scope events:write');
  });

  it('watch-chat.ts explains a missing setting', async () => {
    const result = await runExample('watch-chat.ts', ['--event', 'x'], '');
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('Set CUEPOINT_TOKEN to an API token');
  });
});
