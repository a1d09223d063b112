import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestApp } from '../helpers/app';

describe('tRPC errors in the caller language', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => t.close());

  it('answers a German admin asking for an unknown account in German, an English one in the exact English', async () => {
    const german = await createUser(t.app, { role: 'admin', locale: 'de' });
    const english = await createUser(t.app, { role: 'admin', locale: 'en' });
    const url = `/trpc/users.emulate?input=${encodeURIComponent(JSON.stringify({ id: 'no-such-user' }))}`;
    const inGerman = await t.app.inject({ method: 'GET', url, headers: { ...bearer(german.token), 'accept-language': 'en' } });
    expect(inGerman.statusCode).toBe(404);
    expect(inGerman.json().error.message).toBe('Benutzer nicht gefunden');
    const inEnglish = await t.app.inject({ method: 'GET', url, headers: { ...bearer(english.token), 'accept-language': 'de' } });
    expect(inEnglish.json().error.message).toBe('User not found');
  });

  it('answers a German guest a validation text and its field error in German, and a viewer the role refusal', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/trpc/users.login', payload: { userName: 'abc', password: 'whatever' }, headers: { 'accept-language': 'de' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe('Mindestens 4 Zeichen');
    expect(response.json().error.data.fieldErrors).toEqual({ userName: 'Mindestens 4 Zeichen' });
    const viewer = await createUser(t.app, { role: 'viewer', locale: 'fr' });
    const refused = await t.app.inject({ method: 'GET', url: '/trpc/adminUsers.waitingCount', headers: bearer(viewer.token) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Vous n’avez pas l’autorisation de faire cela');
  });

  it('names the field of a refused tier perk, so the form shows the German text under it', async () => {
    const creator = await createUser(t.app, { role: 'dj', locale: 'de' });
    const payload = { name: 'Front Row', monthlyPrice: 5, includesAllPremiumEvents: false, premiumEventIds: ['no-such-event'], includesReplays: false, podcastTitleIds: [], chatBadge: false };
    const refused = await t.app.inject({ method: 'POST', url: '/trpc/memberships.createTier', payload, headers: bearer(creator.token) });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Wähle eigene Premium-Events');
    expect(refused.json().error.data.fieldErrors).toEqual({ premiumEventIds: 'Wähle eigene Premium-Events' });
  });
});
