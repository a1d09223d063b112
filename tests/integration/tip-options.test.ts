import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { uploadsDir } from '@server/platform/uploads';
import { tipOptionMessages } from '@server/domains/tips/tip-options.schemas';
import { bearer, callerAs, createTestApp, createUser } from '../helpers/app';
import { makePng } from '../helpers/images';

const test = await createTestApp();
const { app } = test;
afterAll(() => test.close());

function multipart(parts: { name: string; filename?: string; type?: string; data: Buffer | string }[]) {
  const boundary = '----cuepointtips';
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = part.filename ? `; filename="${part.filename}"` : '';
    const type = part.type ? `\r\nContent-Type: ${part.type}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${disposition}${type}\r\n\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('tip options', () => {
  it('a creator creates options with an icon (magic bytes checked), edits, reorders and deletes them', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const withIcon = multipart([
      { name: 'title', data: 'Coffee' },
      { name: 'tipsAmount', data: '5.00' },
      { name: 'iconFile', filename: 'coffee.png', type: 'image/png', data: makePng(64, 64) },
    ]);
    const created = await app.inject({ method: 'POST', url: '/api/tips/options', headers: { ...bearer(creator.token), ...withIcon.headers }, payload: withIcon.payload });
    expect(created.statusCode, created.body).toBe(201);
    const coffee = created.json() as { id: string; iconUrl: string; amountCents: number; position: number };
    expect(coffee).toMatchObject({ title: 'Coffee', amountCents: 500, position: 0 });
    expect(coffee.iconUrl).toMatch(/^\/uploads\/[\w-]+\.png$/);
    expect((await app.inject({ method: 'GET', url: coffee.iconUrl })).headers['content-type']).toBe('image/png');

    // A text file named .png is refused and leaves no file behind.
    const filesBefore = readdirSync(uploadsDir(test.dataDir)).length;
    const fake = multipart([
      { name: 'title', data: 'Fake' },
      { name: 'tipsAmount', data: '2' },
      { name: 'iconFile', filename: 'fake.png', type: 'image/png', data: 'not really a png' },
    ]);
    const refused = await app.inject({ method: 'POST', url: '/api/tips/options', headers: { ...bearer(creator.token), ...fake.headers }, payload: fake.payload });
    expect(refused.statusCode).toBe(415);
    expect(refused.json()).toEqual({ message: 'This file type is not allowed here', errors: { iconFile: 'This file type is not allowed here' } });
    // A real PDF as the icon: the same answer.
    const pdf = multipart([
      { name: 'title', data: 'Pdf' },
      { name: 'tipsAmount', data: '2' },
      { name: 'iconFile', filename: 'icon.png', type: 'image/png', data: Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n') },
    ]);
    const pdfIcon = await app.inject({ method: 'POST', url: '/api/tips/options', headers: { ...bearer(creator.token), ...pdf.headers }, payload: pdf.payload });
    expect(pdfIcon.statusCode).toBe(415);
    expect(readdirSync(uploadsDir(test.dataDir)).length).toBe(filesBefore);
    // A bad amount is refused and the uploaded icon is removed again.
    const badAmount = multipart([
      { name: 'title', data: 'Too cheap' },
      { name: 'tipsAmount', data: '0.10' },
      { name: 'iconFile', filename: 'a.png', type: 'image/png', data: makePng(32, 32) },
    ]);
    const cheap = await app.inject({ method: 'POST', url: '/api/tips/options', headers: { ...bearer(creator.token), ...badAmount.headers }, payload: badAmount.payload });
    expect(cheap.statusCode).toBe(400);
    expect(cheap.json().message).toBe(tipOptionMessages.amountRange);
    expect(readdirSync(uploadsDir(test.dataDir)).length).toBe(filesBefore);

    const caller = await callerAs(app, creator.token);
    const beer = await caller.tipOptions.create({ title: 'Beer', amountCents: 800 });
    const vinyl = await caller.tipOptions.create({ title: 'Vinyl', amountCents: 2500 });
    expect((await caller.tipOptions.mine()).map((option) => option.title)).toEqual(['Coffee', 'Beer', 'Vinyl']);

    const reordered = await caller.tipOptions.reorder({ ids: [vinyl.id, coffee.id, beer.id] });
    expect(reordered.map((option) => [option.title, option.position])).toEqual([
      ['Vinyl', 0],
      ['Coffee', 1],
      ['Beer', 2],
    ]);
    await expect(caller.tipOptions.reorder({ ids: [vinyl.id, coffee.id] })).rejects.toThrow(tipOptionMessages.reorderMismatch);

    // Replacing the icon deletes the old file.
    const newIcon = multipart([
      { name: 'title', data: 'Espresso' },
      { name: 'iconFile', filename: 'e.png', type: 'image/png', data: makePng(48, 48) },
    ]);
    const updated = await app.inject({ method: 'POST', url: `/api/tips/options/${coffee.id}`, headers: { ...bearer(creator.token), ...newIcon.headers }, payload: newIcon.payload });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ title: 'Espresso', amountCents: 500 });
    expect(existsSync(join(uploadsDir(test.dataDir), coffee.iconUrl.replace('/uploads/', '')))).toBe(false);

    const removed = await app.inject({ method: 'POST', url: `/api/tips/options/${beer.id}/delete`, headers: bearer(creator.token) });
    expect(removed.json()).toEqual({ id: beer.id });
    expect((await caller.tipOptions.mine()).map((option) => option.title)).toEqual(['Vinyl', 'Espresso']);
  });

  it("a creator cannot touch another creator's options; viewers and guests are refused", async () => {
    const owner = await createUser(app, { role: 'dj' });
    const other = await createUser(app, { role: 'dj' });
    const viewer = await createUser(app, { role: 'viewer' });
    const option = await (await callerAs(app, owner.token)).tipOptions.create({ title: 'Tea', amountCents: 300 });
    await expect((await callerAs(app, other.token)).tipOptions.update({ id: option.id, title: 'Mine now' })).rejects.toThrow(tipOptionMessages.notFound);
    expect((await app.inject({ method: 'POST', url: `/api/tips/options/${option.id}/delete`, headers: bearer(other.token) })).statusCode).toBe(404);
    const body = multipart([
      { name: 'title', data: 'x' },
      { name: 'tipsAmount', data: '5' },
    ]);
    expect((await app.inject({ method: 'POST', url: '/api/tips/options', headers: { ...bearer(viewer.token), ...body.headers }, payload: body.payload })).statusCode).toBe(403);
    expect((await app.inject({ method: 'POST', url: '/api/tips/options', headers: body.headers, payload: body.payload })).statusCode).toBe(401);
    expect((await (await callerAs(app, owner.token)).tipOptions.mine()).map((entry) => entry.title)).toEqual(['Tea']);
  });

  it('at most 12 options per creator', async () => {
    const creator = await createUser(app, { role: 'dj' });
    const caller = await callerAs(app, creator.token);
    for (let index = 0; index < 12; index += 1) await caller.tipOptions.create({ title: `Tip ${index}`, amountCents: 100 + index });
    await expect(caller.tipOptions.create({ title: 'One more', amountCents: 100 })).rejects.toThrow(tipOptionMessages.tooMany);
  });
});
