import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedChatHistory, seededChatTexts } from '../../../seed/chat';
import { createTestApp, createUser, type TestApp } from '../../helpers/app';
import { insertEvent } from './chat-helpers';

describe('seeded chat history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('gives every event without a chat the same short history, once, dated before now', async () => {
    expect(await seedChatHistory(t.app.services.db)).toBe(0);
    const creator = await createUser(t.app, { role: 'dj', displayName: 'Mara Quill' });
    const first = await insertEvent(t.app, creator.id);
    const second = await insertEvent(t.app, creator.id);
    const before = Date.now();
    expect(await seedChatHistory(t.app.services.db, before)).toBe(seededChatTexts.length * 2);
    expect(await seedChatHistory(t.app.services.db)).toBe(0);

    for (const eventId of [first, second]) {
      const history = await t.app.services.chat.store.history(eventId);
      const messages = history.flatMap((entry) => (entry.item.type === 'message' ? [entry.item.message] : []));
      expect(messages.map((message) => message.text)).toEqual(seededChatTexts);
      expect(messages[0]).toMatchObject({ userId: creator.id, displayName: 'Mara Quill' });
      expect(messages.every((message) => Date.parse(message.createdAt) < before)).toBe(true);
    }
    const live = t.app.services.chat.nextId();
    const lastSeeded = (await t.app.services.chat.store.history(first)).at(-1)!.id;
    expect(live > lastSeeded).toBe(true);
  });
});
