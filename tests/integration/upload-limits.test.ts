import { afterAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { tooManyPartsMessage } from '@server/app';
import { uploadsDir } from '@server/platform/uploads';
import { createTestApp, createUser } from '../helpers/app';

/** The upload routes' multipart limits (server/rest/kit.ts): a form may not grow without bound. */
const t = await createTestApp();
afterAll(() => t.close());

function multipart(parts: Array<{ name: string; value: string; filename?: string }>) {
  const boundary = 'limits';
  const fields = parts.map(
    (part) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"\r\nContent-Type: image/png` : ''}\r\n\r\n${part.value}\r\n`,
  );
  return { headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: `${fields.join('')}--${boundary}--\r\n` };
}

describe('multipart limits on the upload routes', () => {
  it('refuses a form with more than 30 fields with 413 and keeps nothing', async () => {
    const viewer = await createUser(t.app, { role: 'viewer' });
    const form = multipart([{ name: 'firstName', value: 'Ada' }, { name: 'lastName', value: 'Lovelace' }, ...Array.from({ length: 29 }, (_, index) => ({ name: `extra${index}`, value: 'x' }))]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/user/${viewer.id}`,
      headers: { authorization: `Bearer ${viewer.token}`, ...form.headers },
      payload: form.payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: tooManyPartsMessage });
    expect(readdirSync(uploadsDir(t.dataDir))).toEqual([]);
  });
});
