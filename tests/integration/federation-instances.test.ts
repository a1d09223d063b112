import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Create, Note } from '@fedify/vocab';
import { federationMessages } from '@db/schema/federation';
import { newId } from '@server/lib/ids';
import { callerAs, createUser } from '../helpers/app';
import { countDeliveries, startFederatedInstances, type DeliveryCounter, type FederatedInstances } from '../helpers/federated-instances';
import { startFediversePeer, type FediversePeer, type ReceivedActivity } from '../helpers/fediverse-peer';
import { testEngines } from '../helpers/test-engines';

/**
 * Issue 32 across instances: two Cuepoint instances on one PostgreSQL database and one Redis, behind one PUBLIC_URL
 * (instance A's address), deliver each post to a follower once, whichever instance the post's fact happened on and
 * whichever instance's worker takes the delivery. Only on `TEST_ENGINES=postgres,redis`.
 *
 * The queues run only when the test drives them (`runDue`), so it decides which instance's worker runs and when both
 * race. Deliveries are counted twice: as the peer received them, and as HTTP POSTs leaving this process (the peer's
 * Fedify drops a repeated activity id, so a second delivery of one activity shows only in the POSTs).
 */
const engines = testEngines();

describe.runIf(engines.postgres && engines.redis)('the Fediverse on two instances sharing PostgreSQL and Redis', () => {
  let deployment: FederatedInstances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let peer: FediversePeer;
  let deliveries: DeliveryCounter;

  beforeAll(async () => {
    deployment = await startFederatedInstances({ federation: { background: false } });
    ({ a, b } = deployment);
    peer = await startFediversePeer();
    deliveries = countDeliveries(peer.origin);
  }, 60_000);
  afterAll(async () => {
    deliveries?.restore();
    await peer?.close();
    await deployment?.close();
  });

  const worker = (app: FastifyInstance) => () => app.services.federation.queue!.runDue();
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  /** Runs the given workers together, round after round, until `done` holds (or fails after `timeoutMs`). */
  async function runWorkersUntil(workers: Array<() => Promise<number>>, done: () => boolean, timeoutMs = 10_000): Promise<void> {
    const started = Date.now();
    while (!done()) {
      if (Date.now() - started > timeoutMs) throw new Error('the workers did not deliver in time');
      const ran = await Promise.all(workers.map((run) => run()));
      if (ran.every((count) => count === 0)) await sleep(50);
    }
  }
  /** Both workers keep running for a while after the last expected delivery: anything more would arrive now. */
  async function settle(ms = 2_000): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      await Promise.all([worker(a)(), worker(b)()]);
      await sleep(100);
    }
  }

  const createsFrom = (actor: string) => peer.received.filter((activity) => activity.type === 'Create' && activity.actorId === actor);
  const noteOf = async (activity: ReceivedActivity) => (await (activity.activity as Create).getObject()) as Note;
  const postsOf = (activityId: string) => deliveries.attempts.filter((attempt) => attempt.activityId === activityId);

  /** A creator whose actor the peer found through A's WebFinger, followed by alice (the Follow reaches A's inbox). */
  async function followedCreator(tag: string) {
    const creator = await createUser(a, { role: 'admin', creatorTag: tag, displayName: `Creator ${tag}` });
    const actor = await peer.lookupActor(deployment.origin, `acct:${tag}@${deployment.host}`);
    expect(actor.inboxId?.href).toBe(`${deployment.origin}/c/${tag}/inbox`);
    const followId = await peer.follow('alice', actor);
    const accepted = () => peer.received.some((activity) => activity.type === 'Accept' && activity.objectId === followId.href);
    await runWorkersUntil([worker(a), worker(b)], accepted);
    return { creator, actor: `${deployment.origin}/c/${tag}`, followId };
  }

  it('accepts a follow through A once, and delivers a post queued on B by A’s worker and one queued on A by B’s', async () => {
    const { creator, actor, followId } = await followedCreator('two_rooms');
    await settle(1_000);
    const accepts = peer.received.filter((activity) => activity.type === 'Accept' && activity.objectId === followId.href);
    expect(accepts).toHaveLength(1);
    expect(postsOf(accepts[0]!.id!)).toHaveLength(1);

    // The event is created on B (its domain event fires there, B queues the delivery); only A's worker runs.
    const onB = await (await callerAs(b, creator.token)).events.create({ name: 'Made on B', startDateTime: '2026-12-11T21:00:00.000Z', endDateTime: '2026-12-11T23:00:00.000Z' });
    await runWorkersUntil([worker(a)], () => createsFrom(actor).length === 1);
    expect((await noteOf(createsFrom(actor)[0]!)).content?.toString()).toContain(`${deployment.origin}/events/two_rooms/${onB.id}`);

    // And the other way round.
    const onA = await (await callerAs(a, creator.token)).events.create({ name: 'Made on A', startDateTime: '2026-12-12T21:00:00.000Z', endDateTime: '2026-12-12T23:00:00.000Z' });
    await runWorkersUntil([worker(b)], () => createsFrom(actor).length === 2);
    expect((await noteOf(createsFrom(actor)[1]!)).content?.toString()).toContain(`${deployment.origin}/events/two_rooms/${onA.id}`);

    await settle();
    const creates = createsFrom(actor);
    expect(creates).toHaveLength(2);
    for (const create of creates) expect(postsOf(create.id!)).toHaveLength(1);
  });

  it('delivers each of many posts made on both instances exactly once while both workers race for them', async () => {
    const { creator, actor } = await followedCreator('busy_night');
    const onA = await callerAs(a, creator.token);
    const onB = await callerAs(b, creator.token);
    const made = await Promise.all(
      Array.from({ length: 16 }, (_, index) =>
        (index % 2 ? onB : onA).events.create({
          name: `Set ${index} on ${index % 2 ? 'B' : 'A'}`,
          startDateTime: new Date(Date.UTC(2027, 0, 1 + index, 20)).toISOString(),
          endDateTime: new Date(Date.UTC(2027, 0, 1 + index, 22)).toISOString(),
        }),
      ),
    );
    await runWorkersUntil([worker(a), worker(b)], () => createsFrom(actor).length >= made.length);
    await settle();

    const creates = createsFrom(actor);
    expect(creates).toHaveLength(made.length);
    const notes = await Promise.all(creates.map(noteOf));
    const byNote = new Map<string, number>();
    for (const note of notes) byNote.set(note.id!.href, (byNote.get(note.id!.href) ?? 0) + 1);
    expect([...byNote.values()]).toEqual(made.map(() => 1));
    for (const event of made) expect(notes.filter((note) => note.content?.toString().includes(`/events/busy_night/${event.id}`))).toHaveLength(1);
    // Every Create left this process once: no instance delivered one the other had delivered.
    for (const create of creates) expect(postsOf(create.id!)).toHaveLength(1);
  });

  it('posts a go-live announced on both instances at the same moment once', async () => {
    const { creator, actor } = await followedCreator('both_ingests');
    const event = await (await callerAs(a, creator.token)).events.create({ name: 'Late show', startDateTime: '2026-12-06T18:00:00.000Z', endDateTime: '2026-12-06T20:00:00.000Z' });
    await runWorkersUntil([worker(a), worker(b)], () => createsFrom(actor).length === 1);
    // The publisher reconnected to the other instance's ingest: each instance announces the stream it received.
    const started = (app: FastifyInstance) =>
      app.services.domainEvents.publish('live:stream-started', { sessionId: newId(), userId: creator.id, eventId: event.id, eventName: event.name, startedAt: new Date().toISOString() });
    await Promise.all([started(a), started(b)]);
    await runWorkersUntil([worker(a), worker(b)], () => createsFrom(actor).length === 2);
    await settle();
    const creates = createsFrom(actor);
    expect(creates).toHaveLength(2);
    const live = (await Promise.all(creates.map(noteOf))).filter((note) => note.content?.toString().includes('Late show is live now'));
    expect(live).toHaveLength(1);
    for (const create of creates) expect(postsOf(create.id!)).toHaveLength(1);
  });

  it('makes no second attempt at a delivery that succeeded, however late either worker looks again', async () => {
    const { creator, actor } = await followedCreator('done_once');
    await (await callerAs(b, creator.token)).events.create({ name: 'Once only', startDateTime: '2026-12-20T20:00:00.000Z', endDateTime: '2026-12-20T22:00:00.000Z' });
    await runWorkersUntil([worker(a), worker(b)], () => createsFrom(actor).length === 1);
    await settle(500);
    const create = createsFrom(actor)[0]!;
    expect(postsOf(create.id!)).toHaveLength(1);

    // Two hours on (past the longest backoff and any lease, within a message's day): neither worker attempts anything.
    const later = Date.now() + 2 * 3600_000;
    const attempted = await Promise.all([a.services.federation.queue!.runDue(later), b.services.federation.queue!.runDue(later)]);
    await settle(500);
    expect(postsOf(create.id!)).toHaveLength(1);
    expect(attempted).toEqual([0, 0]);
    // The queue agrees: every message of this deployment was attempted once and settled as done.
    const messages = await a.services.db.select().from(federationMessages);
    expect(messages.length).toBeGreaterThan(0);
    expect(messages.filter((message) => message.status !== 'done' || message.attempts !== 1)).toEqual([]);
    expect(createsFrom(actor)).toHaveLength(1);
  });
});
