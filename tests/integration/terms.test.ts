import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { termsAcceptances, termsDocuments } from '@db/schema/users';
import { uploadsDir } from '@server/platform/uploads';
import { termsMessages } from '@server/domains/terms/terms.schemas';
import { seedTerms } from '../../seed/terms';
import { makePng } from '../helpers/images';
import { bearer, callerAs, createTestApp, createUser, type TestApp, type TestUser } from '../helpers/app';

async function tinyPdf(): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.addPage([200, 200]).drawText('Terms', { x: 20, y: 100, size: 12 });
  return Buffer.from(await pdf.save());
}

/** A real multipart/form-data body with text fields and one file part. */
function multipart(fields: Record<string, string>, file?: { field: string; name: string; type: string; data: Buffer }) {
  const boundary = `----cuepoint${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field}"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
    );
    chunks.push(file.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('terms and conditions', () => {
  let test: TestApp;
  let admin: TestUser;
  let creator: TestUser;

  beforeEach(async () => {
    test = await createTestApp();
    admin = await createUser(test.app, { role: 'admin' });
    creator = await createUser(test.app, { role: 'dj', displayName: 'Mara Terms' });
  });
  afterEach(async () => test.close());

  const upload = async (token: string | undefined, body: ReturnType<typeof multipart>) =>
    test.app.inject({
      method: 'POST',
      url: '/api/termsConditions',
      headers: { ...body.headers, ...(token ? bearer(token) : {}) },
      payload: body.payload,
    });

  const storedPdfs = () => readdirSync(uploadsDir(test.dataDir)).filter((name) => name.endsWith('.pdf'));

  it('lets an admin upload a PDF; creators must then accept it', async () => {
    const body = multipart({ userId: admin.id }, { field: 'pdfFile', name: 'terms.pdf', type: 'application/pdf', data: await tinyPdf() });
    const response = await upload(admin.token, body);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({ message: 'PDF saved', pdfUrl: expect.stringMatching(/^\/uploads\/[A-Za-z0-9_-]+\.pdf$/), id: expect.any(String) });

    const rows = await test.app.services.db.select().from(termsDocuments);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: answer.id, pdfUrl: answer.pdfUrl, uploadedBy: admin.id });
    expect(existsSync(join(uploadsDir(test.dataDir), answer.pdfUrl.replace('/uploads/', '')))).toBe(true);

    const served = await test.app.inject({ method: 'GET', url: answer.pdfUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toContain('application/pdf');

    // The creator's session now carries the pending terms; the admin's never does.
    const alive = await test.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(creator.token) });
    expect(alive.json().user.pdfUrl).toBe(answer.pdfUrl);
    expect((await (await callerAs(test.app, admin.token)).users.alive()).user.pdfUrl).toBeNull();

    const current = await test.app.inject({ method: 'GET', url: '/api/termsConditions', headers: bearer(creator.token) });
    expect(current.statusCode).toBe(200);
    expect(current.json()).toEqual({ id: answer.id, pdfUrl: answer.pdfUrl, createdAt: rows[0]!.createdAt });

    const accepted = await test.app.inject({ method: 'POST', url: '/api/termsConditions/accept', headers: bearer(creator.token) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user).toMatchObject({ id: creator.id, pdfUrl: null });
    const acceptances = await test.app.services.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, creator.id));
    expect(acceptances.map((row) => row.termsId)).toEqual([answer.id]);
    // Who clicked is kept with the consent: the creator's own session.
    expect(acceptances.map((row) => row.acceptedBy)).toEqual([creator.id]);
    const aliveAfter = await test.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(creator.token) });
    expect(aliveAfter.json().user.pdfUrl).toBeNull();

    const list = await (await callerAs(test.app, admin.token)).terms.list();
    expect(list).toEqual([
      { id: answer.id, pdfUrl: answer.pdfUrl, createdAt: rows[0]!.createdAt, uploadedBy: { id: admin.id, displayName: 'Test admin' }, acceptances: 1 },
    ]);
  });

  it('asks again after a newer document is published', async () => {
    const first = await upload(admin.token, multipart({}, { field: 'pdfFile', name: 'a.pdf', type: 'application/pdf', data: await tinyPdf() }));
    const creatorCaller = await callerAs(test.app, creator.token);
    await creatorCaller.terms.accept();
    const second = await upload(admin.token, multipart({}, { field: 'pdfFile', name: 'b.pdf', type: 'application/pdf', data: await tinyPdf() }));
    expect(second.statusCode).toBe(200);
    expect((await creatorCaller.users.alive()).user.pdfUrl).toBe(second.json().pdfUrl);
    expect((await creatorCaller.terms.current())?.id).toBe(second.json().id);
    const list = await (await callerAs(test.app, admin.token)).terms.list();
    expect(list.map((item) => [item.id, item.acceptances])).toEqual([
      [second.json().id, 0],
      [first.json().id, 1],
    ]);
  });

  it('refuses a file that is not a PDF (text, a real PNG) with 415 "This file type is not allowed here" and stores nothing', async () => {
    for (const data of [Buffer.from('just some text, not a pdf'), makePng(64, 64)]) {
      const body = multipart({}, { field: 'pdfFile', name: 'terms.pdf', type: 'application/pdf', data });
      const response = await upload(admin.token, body);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toEqual({ message: 'This file type is not allowed here', errors: { pdfFile: 'This file type is not allowed here' } });
    }
    expect(await test.app.services.db.select().from(termsDocuments)).toEqual([]);
    expect(storedPdfs()).toEqual([]);
  });

  it('refuses a request without a file with 400', async () => {
    const response = await upload(admin.token, multipart({ userId: admin.id }));
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ pdfFile: 'Please upload a PDF file of at most 20 MB' });
    expect(await test.app.services.db.select().from(termsDocuments)).toEqual([]);
  });

  it('refuses a userId that is not the uploader and keeps no file', async () => {
    const body = multipart({ userId: creator.id }, { field: 'pdfFile', name: 'terms.pdf', type: 'application/pdf', data: await tinyPdf() });
    const response = await upload(admin.token, body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'userId must be your own id', errors: { userId: 'userId must be your own id' } });
    expect(storedPdfs()).toEqual([]);
  });

  it('answers 403 to a creator and 401 without a token, before reading the upload', async () => {
    const body = multipart({}, { field: 'pdfFile', name: 'terms.pdf', type: 'application/pdf', data: await tinyPdf() });
    const forbidden = await upload(creator.token, body);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'You do not have permission to do this' });
    const anonymous = await upload(undefined, body);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Invalid access_token' });
    expect(storedPdfs()).toEqual([]);
    expect(await test.app.services.db.select().from(termsDocuments)).toEqual([]);
    await expect((await callerAs(test.app, creator.token)).terms.list()).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('answers 404 when no terms exist, and 401 without a token', async () => {
    const missing = await test.app.inject({ method: 'GET', url: '/api/termsConditions', headers: bearer(creator.token) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'No terms and conditions have been published yet' });
    const anonymous = await test.app.inject({ method: 'GET', url: '/api/termsConditions' });
    expect(anonymous.statusCode).toBe(401);
    expect(await (await callerAs(test.app)).terms.current()).toBeNull();
    const accept = await test.app.inject({ method: 'POST', url: '/api/termsConditions/accept', headers: bearer(creator.token) });
    expect(accept.statusCode).toBe(404);
  });

  it("refuses an admin emulating a creator the creator's consent, and counts nothing; the creator still accepts", async () => {
    await seedTerms(test.app.services.db, test.app.services.storage);
    const emulation = await test.app.inject({ method: 'GET', url: `/api/user/emulate/${creator.id}`, headers: bearer(admin.token) });
    const emulatedToken = emulation.json().token as string;
    const refused = await test.app.inject({ method: 'POST', url: '/api/termsConditions/accept', headers: bearer(emulatedToken) });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: termsMessages.onlyUserCanAccept('Mara Terms') });
    const acceptancesOf = async (userId: string) => test.app.services.db.select().from(termsAcceptances).where(eq(termsAcceptances.userId, userId));
    expect(await acceptancesOf(creator.id)).toEqual([]);
    expect(await acceptancesOf(admin.id)).toEqual([]);
    const alive = await test.app.inject({ method: 'GET', url: '/api/user/alive', headers: bearer(creator.token) });
    expect(alive.json().user.pdfUrl).toMatch(/^\/uploads\//);

    const accepted = await test.app.inject({ method: 'POST', url: '/api/termsConditions/accept', headers: bearer(creator.token) });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().user.pdfUrl).toBeNull();
    expect(await acceptancesOf(creator.id)).toHaveLength(1);
  });

  it("tells whether the caller accepted an earlier document (the dialog's first or updated prompt)", async () => {
    await seedTerms(test.app.services.db, test.app.services.storage);
    const caller = await callerAs(test.app, creator.token);
    expect(await caller.terms.acceptedBefore()).toEqual({ acceptedBefore: false });
    await caller.terms.accept();
    expect(await caller.terms.acceptedBefore()).toEqual({ acceptedBefore: true });
  });

  it('seeds a two-page default document once', async () => {
    expect(await seedTerms(test.app.services.db, test.app.services.storage)).toBe(true);
    expect(await seedTerms(test.app.services.db, test.app.services.storage)).toBe(false);
    const rows = await test.app.services.db.select().from(termsDocuments);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.uploadedBy).toBeNull();
    const served = await test.app.inject({ method: 'GET', url: rows[0]!.pdfUrl });
    const pdf = await PDFDocument.load(served.rawPayload);
    expect(pdf.getPageCount()).toBe(2);
    expect(pdf.getTitle()).toBe('Cuepoint Terms and Conditions');
    expect((await (await callerAs(test.app, creator.token)).users.alive()).user.pdfUrl).toBe(rows[0]!.pdfUrl);
  });
});
