import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mailCollections } from '@server/domains/demo/mail/mail.service';
import type { Mail } from '@server/domains/demo/mail/mail.schemas';
import { mailSeeder, mailFilters, mailFolders, mailLabels } from '../../../seed/demo/mail';
import { createDemoTestApp, expectGuarded, type DemoTestApp } from './part1-setup';

let t: DemoTestApp;
const mails = () => mailCollections.mails(t.app.services.db);

beforeAll(async () => {
  t = await createDemoTestApp(mailSeeder);
});
afterAll(() => t.close());
beforeEach(() => t.reseed());

describe('mail app REST', () => {
  it('GET /api/mail-app/mails defaults to the inbox', async () => {
    const res = await t.get('/api/mail-app/mails');
    expect(res.statusCode).toBe(200);
    const expected = (await mails().list()).filter((mail) => mail.folder === 0);
    expect(expected.length).toBeGreaterThan(0);
    expect(res.json()).toEqual(expected);
  });

  it('GET /api/mail-app/mails by folder, filter and label (label before filter before folder)', async () => {
    const all = await mails().list();
    const sent = await t.get('/api/mail-app/mails?folderHandle=sent');
    expect(sent.json()).toEqual(all.filter((mail) => mail.folder === 1));
    const starred = await t.get('/api/mail-app/mails?filterHandle=starred&folderHandle=trash');
    expect(starred.json()).toEqual(all.filter((mail) => mail.starred));
    const important = await t.get('/api/mail-app/mails?filterHandle=important');
    expect(important.json()).toEqual(all.filter((mail) => mail.important));
    const paypal = await t.get('/api/mail-app/mails?labelHandle=paypal&filterHandle=starred');
    expect(paypal.json()).toEqual(all.filter((mail) => mail.labels.includes(2)));
    expect((paypal.json() as Mail[]).length).toBeGreaterThan(0);
  });

  it('GET /api/mail-app/mails answers 404 for an unknown handle and ignores an unknown param', async () => {
    const res = await t.get('/api/mail-app/mails?folderHandle=archive');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Folder not found' });
    expect((await t.get('/api/mail-app/mails?labelHandle=nope')).json()).toEqual({ message: 'Label not found' });
    const extra = await t.get('/api/mail-app/mails?colour=red');
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).toEqual((await t.get('/api/mail-app/mails')).json());
  });

  it('GET /api/mail-app/mail returns one mail, 404 when unknown, 400 without mailId', async () => {
    const first = (await mails().list())[0]!;
    const res = await t.get(`/api/mail-app/mail?mailId=${first.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(first);
    const missing = await t.get('/api/mail-app/mail?mailId=nope');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Mail not found' });
    const bad = await t.get('/api/mail-app/mail');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: { mailId: expect.any(String) } });
  });

  it('GET folders, filters and labels return the sample lists', async () => {
    expect((await t.get('/api/mail-app/folders')).json()).toEqual(mailFolders);
    expect((await t.get('/api/mail-app/filters')).json()).toEqual(mailFilters);
    expect((await t.get('/api/mail-app/labels')).json()).toEqual(mailLabels);
    expect(mailFolders.map((folder) => `${folder.id}:${folder.handle}`)).toEqual(['0:inbox', '1:sent', '2:drafts', '3:spam', '4:trash']);
  });

  it('POST /api/mail-app/update-mail replaces the whole mail and returns it', async () => {
    const mail = (await mails().list())[0]!;
    const changed = { ...mail, read: !mail.read, starred: !mail.starred, important: !mail.important, subject: 'Changed subject' };
    const res = await t.post('/api/mail-app/update-mail', changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(changed);
    expect(await mails().get(mail.id)).toEqual(changed);
  });

  it('POST /api/mail-app/update-mail stores label ids unique and in ascending order', async () => {
    const mail = (await mails().list())[0]!;
    const res = await t.post('/api/mail-app/update-mail', { ...mail, labels: [3, 1, 3] });
    expect(res.statusCode).toBe(200);
    expect(res.json().labels).toEqual([1, 3]);
    expect((await mails().get(mail.id))!.labels).toEqual([1, 3]);
  });

  it('POST /api/mail-app/update-mail: 404 for an unknown id, 400 for a malformed mail, nothing written', async () => {
    const mail = (await mails().list())[0]!;
    const unknown = await t.post('/api/mail-app/update-mail', { ...mail, id: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Mail not found' });
    expect(await mails().has('nope')).toBe(false);
    const bad = await t.post('/api/mail-app/update-mail', { ...mail, read: 'yes', extra: 1 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({ read: expect.any(String) });
    expect(await mails().get(mail.id)).toEqual(mail);
  });

  it('POST /api/mail-app/set-folder moves the selected mails and answers them', async () => {
    const [a, b] = (await mails().list()).filter((mail) => mail.folder === 0);
    const res = await t.post('/api/mail-app/set-folder', { selectedMailIds: [a!.id, b!.id], folderId: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { ...a, folder: 4 },
      { ...b, folder: 4 },
    ]);
    expect((await mails().get(a!.id))!.folder).toBe(4);
    expect((await mails().get(b!.id))!.folder).toBe(4);
  });

  it('POST /api/mail-app/set-folder: an unknown mail or folder answers 404 and moves nothing', async () => {
    const a = (await mails().list())[0]!;
    const unknownMail = await t.post('/api/mail-app/set-folder', { selectedMailIds: [a.id, 'nope'], folderId: 3 });
    expect(unknownMail.statusCode).toBe(404);
    expect(unknownMail.json()).toEqual({ message: 'Mail not found' });
    const unknownFolder = await t.post('/api/mail-app/set-folder', { selectedMailIds: [a.id], folderId: 99 });
    expect(unknownFolder.statusCode).toBe(404);
    expect(unknownFolder.json()).toEqual({ message: 'Folder not found' });
    expect(await mails().get(a.id)).toEqual(a);
    const bad = await t.post('/api/mail-app/set-folder', { selectedMailIds: [], folderId: 'trash' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ selectedMailIds: 'Select at least one mail', folderId: expect.any(String) });
  });

  it('POST /api/mail-app/toggle-label adds the label where missing and removes it where present', async () => {
    const all = await mails().list();
    const withLabel = all.find((mail) => mail.labels.includes(1))!;
    const withoutLabel = all.find((mail) => !mail.labels.includes(1))!;
    const res = await t.post('/api/mail-app/toggle-label', { selectedMailIds: [withLabel.id, withoutLabel.id], labelId: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { ...withLabel, labels: withLabel.labels.filter((id) => id !== 1) },
      { ...withoutLabel, labels: [...withoutLabel.labels, 1].sort((a, b) => a - b) },
    ]);
    expect((await mails().get(withLabel.id))!.labels).not.toContain(1);
    expect((await mails().get(withoutLabel.id))!.labels).toContain(1);
    const unknown = await t.post('/api/mail-app/toggle-label', { selectedMailIds: [withLabel.id], labelId: 42 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Label not found' });
    const bad = await t.post('/api/mail-app/toggle-label', { selectedMailIds: 'all', labelId: 1 });
    expect(bad.statusCode).toBe(400);
  });

  it('POST /api/mail-app/delete-mails removes the mails and answers their ids', async () => {
    const [a, b] = await mails().list();
    const before = await mails().count();
    const res = await t.post('/api/mail-app/delete-mails', { selectedMailIds: [a!.id, b!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([a!.id, b!.id]);
    expect(await mails().has(a!.id)).toBe(false);
    expect(await mails().count()).toBe(before - 2);
    const unknown = await t.post('/api/mail-app/delete-mails', { selectedMailIds: [(await mails().list())[0]!.id, 'nope'] });
    expect(unknown.statusCode).toBe(404);
    expect(await mails().count()).toBe(before - 2);
    const bad = await t.post('/api/mail-app/delete-mails', {});
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ selectedMailIds: expect.any(String) });
  });

  it('every mail path answers 401 without a token and 403 for a viewer', async () => {
    const id = (await mails().list())[0]!.id;
    for (const endpoint of [
      { method: 'GET' as const, url: '/api/mail-app/mails' },
      { method: 'GET' as const, url: `/api/mail-app/mail?mailId=${id}` },
      { method: 'GET' as const, url: '/api/mail-app/folders' },
      { method: 'GET' as const, url: '/api/mail-app/filters' },
      { method: 'GET' as const, url: '/api/mail-app/labels' },
      { method: 'POST' as const, url: '/api/mail-app/update-mail', payload: await mails().get(id) },
      { method: 'POST' as const, url: '/api/mail-app/set-folder', payload: { selectedMailIds: [id], folderId: 4 } },
      { method: 'POST' as const, url: '/api/mail-app/toggle-label', payload: { selectedMailIds: [id], labelId: 1 } },
      { method: 'POST' as const, url: '/api/mail-app/delete-mails', payload: { selectedMailIds: [id] } },
    ]) {
      await expectGuarded(t, endpoint);
    }
    expect(await mails().has(id)).toBe(true);
    expect((await mails().get(id))!.folder).not.toBe(4);
  });
});
