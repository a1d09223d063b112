import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notesCollections } from '@server/domains/demo/notes/notes.service';
import type { Note } from '@server/domains/demo/notes/notes.schemas';
import { noteLabels, notesSeeder } from '../../../seed/demo/notes';
import { createDemoTestApp, expectGuarded, type DemoTestApp } from './part1-setup';

let t: DemoTestApp;
const notes = () => notesCollections.notes(t.app.services.db);
const labels = () => notesCollections.labels(t.app.services.db);

beforeAll(async () => {
  t = await createDemoTestApp(notesSeeder);
});
afterAll(() => t.close());
beforeEach(() => t.reseed());

describe('notes app REST', () => {
  it('GET /api/notes-app/notes and /labels return the lists', async () => {
    const list = await t.get('/api/notes-app/notes');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual(await notes().list());
    expect(await notes().count()).toBeGreaterThanOrEqual(15);
    const labelList = await t.get('/api/notes-app/labels');
    expect(labelList.json()).toEqual(noteLabels);
    expect(noteLabels.map((label) => label.name)).toEqual(['Family', 'Work', 'Todos', 'Prior', 'Personal', 'Friends']);
  });

  it('POST /api/notes-app/create-note returns the note with a generated id, at the top', async () => {
    const res = await t.post('/api/notes-app/create-note', { note: { id: 'client-id', title: 'Groceries', description: 'Milk', labels: [1] } });
    expect(res.statusCode).toBe(200);
    const created = res.json() as Note;
    expect(created).toMatchObject({ title: 'Groceries', description: 'Milk', archive: false, image: '', reminder: null, checklist: [], labels: [1] });
    expect(created.id).not.toBe('client-id');
    expect(Number.isNaN(Date.parse(created.time))).toBe(false);
    expect((await notes().list())[0]).toEqual(created);
  });

  it('POST /api/notes-app/create-note: 400 on a malformed note, 404 on an unknown label, nothing written', async () => {
    const before = await notes().count();
    const bad = await t.post('/api/notes-app/create-note', { note: { title: 5, colour: 'red' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'note.title': expect.any(String) });
    const unknown = await t.post('/api/notes-app/create-note', { note: { title: 'x', labels: [99] } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Label not found' });
    expect(await notes().count()).toBe(before);
  });

  it('POST /api/notes-app/update-note returns the note and saves it; 404 for an unknown id', async () => {
    const note = (await notes().list())[1]!;
    const changed = { ...note, title: 'Renamed', archive: true, reminder: '2030-01-01T09:00:00.000Z' };
    const res = await t.post('/api/notes-app/update-note', { note: changed });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(changed);
    expect(await notes().get(note.id)).toEqual(changed);
    const unknown = await t.post('/api/notes-app/update-note', { note: { ...note, id: 'nope' } });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Note not found' });
    const bad = await t.post('/api/notes-app/update-note', { note: { ...note, time: 'yesterday' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ 'note.time': 'Please enter a valid date and time' });
    expect(await notes().get(note.id)).toEqual(changed);
  });

  it('POST /api/notes-app/update-labels replaces all labels, returns them and drops removed ids from notes', async () => {
    const next = [
      { id: 1, name: 'Family', handle: 'family' },
      { id: 'studio', name: 'Studio', handle: 'studio' },
    ];
    const res = await t.post('/api/notes-app/update-labels', { labels: next });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(next);
    expect(await labels().list()).toEqual(next);
    for (const note of await notes().list()) expect(note.labels.every((id) => id === 1)).toBe(true);
    const bad = await t.post('/api/notes-app/update-labels', { labels: [{ id: 1, name: '' }] });
    expect(bad.statusCode).toBe(400);
    expect(await labels().list()).toEqual(next);
  });

  it('POST /api/notes-app/remove-note returns the remaining notes; 404 for an unknown id', async () => {
    const [first, ...rest] = await notes().list();
    const res = await t.post('/api/notes-app/remove-note', { noteId: first!.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(rest);
    expect(await notes().has(first!.id)).toBe(false);
    const unknown = await t.post('/api/notes-app/remove-note', { noteId: first!.id });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Note not found' });
    expect((await t.post('/api/notes-app/remove-note', { note: 1 })).statusCode).toBe(400);
    expect(await notes().count()).toBe(rest.length);
  });

  it('every notes path answers 401 without a token and 403 for a viewer', async () => {
    const note = (await notes().list())[0]!;
    for (const endpoint of [
      { method: 'GET' as const, url: '/api/notes-app/notes' },
      { method: 'GET' as const, url: '/api/notes-app/labels' },
      { method: 'POST' as const, url: '/api/notes-app/create-note', payload: { note: { title: 'x' } } },
      { method: 'POST' as const, url: '/api/notes-app/update-note', payload: { note } },
      { method: 'POST' as const, url: '/api/notes-app/update-labels', payload: { labels: [] } },
      { method: 'POST' as const, url: '/api/notes-app/remove-note', payload: { noteId: note.id } },
    ]) {
      await expectGuarded(t, endpoint);
    }
    expect(await notes().get(note.id)).toEqual(note);
    expect(await labels().count()).toBe(6);
  });
});
