import Database from 'better-sqlite3';
import { describe, expect, it, vi } from 'vitest';
import { DomainEvents, type EventSnapshot } from '@server/platform/domain-events';

const event: EventSnapshot = {
  id: 'e1',
  name: 'Friday set',
  description: '',
  userId: 'u1',
  isPremium: false,
  isActive: true,
  premiumPrice: 0,
  startDateTime: null,
  endDateTime: null,
  user: { id: 'u1', userName: 'dj', displayName: 'DJ', description: '', streamValue: null },
};

function setup(insideTransaction?: () => boolean) {
  const log = { error: vi.fn() };
  return { log, events: new DomainEvents(log, insideTransaction) };
}

describe('domain events', () => {
  it('reach every listener of the name in registration order, before publish returns', async () => {
    const { events } = setup();
    const heard: string[] = [];
    events.on('events:created', (payload) => void heard.push(`first ${payload.event.id}`));
    events.on('events:changed', () => void heard.push('other name'));
    events.on('events:created', (payload) => void heard.push(`second ${payload.event.name}`));
    await events.publish('events:created', { event });
    heard.push('after publish');
    expect(heard).toEqual(['first e1', 'second Friday set', 'after publish']);
  });

  it('a listener that throws is logged; the publisher and the listeners after it carry on', async () => {
    const { events, log } = setup();
    const heard: string[] = [];
    events.on('events:created', () => {
      throw new Error('listener broke');
    });
    events.on('events:created', () => void heard.push('second'));
    await expect(events.publish('events:created', { event })).resolves.toBeUndefined();
    expect(heard).toEqual(['second']);
    expect(log.error).toHaveBeenCalledWith({ err: new Error('listener broke'), domainEvent: 'events:created' }, 'domain event listener failed');
  });

  it('publish settles once the async listeners have finished; a rejection is logged instead of escaping', async () => {
    const { events, log } = setup();
    const heard: string[] = [];
    events.on('events:created', async () => {
      await Promise.resolve();
      throw new Error('later failure');
    });
    events.on('events:created', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      heard.push('slow');
    });
    await events.publish('events:created', { event });
    expect(heard).toEqual(['slow']);
    expect(log.error).toHaveBeenCalledWith({ err: new Error('later failure'), domainEvent: 'events:created' }, 'domain event listener failed');
  });

  it('a removed listener hears nothing more; a name nobody listens to is a no-op', async () => {
    const { events } = setup();
    const heard: string[] = [];
    const off = events.on('events:created', () => void heard.push('kept?'));
    off();
    await events.publish('events:created', { event });
    await events.publish('events:changed', { event, previous: event });
    expect(heard).toEqual([]);
  });

  it('refuses a publish inside an open database transaction (listeners run after the commit)', async () => {
    const sqlite = new Database(':memory:');
    const { events } = setup(() => sqlite.inTransaction);
    const heard: string[] = [];
    events.on('events:created', () => void heard.push('heard'));
    const inside = sqlite.transaction(() => events.publish('events:created', { event }));
    expect(() => inside()).toThrow('Domain event events:created published inside a transaction: publish after the commit');
    expect(heard).toEqual([]);
    await events.publish('events:created', { event });
    expect(heard).toEqual(['heard']);
    sqlite.close();
  });
});

describe('domain requests', () => {
  it('answer the handler’s result and pass its failure to the caller', async () => {
    const { events } = setup();
    events.handle('payments:sync-invoice', async ({ invoiceId }) => (invoiceId === 'in_1' ? { paymentId: 'p1' } : null));
    events.handle('payments:sync-subscription', async () => {
      throw new Error('provider down');
    });
    await expect(events.request('payments:sync-invoice', { invoiceId: 'in_1' })).resolves.toEqual({ paymentId: 'p1' });
    await expect(events.request('payments:sync-invoice', { invoiceId: 'in_2' })).resolves.toBeNull();
    await expect(events.request('payments:sync-subscription', { subscriptionId: 'sub_1' })).rejects.toThrow('provider down');
  });

  it('have exactly one handler: none is an error, a second registration is refused', async () => {
    const { events } = setup();
    await expect(events.request('payments:sync-invoice', { invoiceId: 'in_1' })).rejects.toThrow('Domain request payments:sync-invoice has no handler');
    events.handle('payments:sync-invoice', async () => null);
    expect(() => events.handle('payments:sync-invoice', async () => null)).toThrow('Domain request payments:sync-invoice already has a handler');
  });
});
