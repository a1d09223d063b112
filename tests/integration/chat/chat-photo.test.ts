import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatMessages } from '@server/domains/chat/chat.schemas';
import { bearer, createTestApp, createUser, type TestApp, type TestUser } from '../../helpers/app';
import { makePng, multipart } from '../../helpers/images';

const path = '/api/event/upload-chat-user-profile-img';

describe('POST /api/event/upload-chat-user-profile-img', () => {
  let t: TestApp;
  let viewer: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    viewer = await createUser(t.app, { role: 'viewer' });
  });
  afterAll(async () => t.close());

  const upload = (content: Buffer, filename = 'photo.png', token: string | null = viewer.token) => {
    const body = multipart({}, { userPhoto: { filename, contentType: 'image/png', content } });
    return t.app.inject({ method: 'POST', url: path, payload: body.payload, headers: { ...body.headers, ...(token ? bearer(token) : {}) } });
  };

  it('stores a square png between 50 and 200 px and answers its URL', async () => {
    const response = await upload(makePng(120, 120));
    expect(response.statusCode).toBe(200);
    const { imageUrl } = response.json<{ imageUrl: string }>();
    expect(imageUrl).toMatch(/^\/uploads\/[A-Za-z0-9_-]+\.png$/);
    const served = await t.app.inject({ method: 'GET', url: imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(1, 4).toString()).toBe('PNG');
  });

  it.each([
    ['a 300×300 png', makePng(300, 300), 'big.png'],
    ['a non-square png', makePng(120, 80), 'wide.png'],
    ['a 40×40 png', makePng(40, 40), 'small.png'],
    ['a renamed text file', Buffer.from('just some text, not an image\n'.repeat(20)), 'photo.png'],
  ])('refuses %s with the spec message', async (_label, content, filename) => {
    const response = await upload(content, filename);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(chatMessages.photo);
  });

  it('needs a signed-in user and a multipart body', async () => {
    expect((await upload(makePng(100, 100), 'photo.png', null)).statusCode).toBe(401);
    const json = await t.app.inject({ method: 'POST', url: path, headers: bearer(viewer.token), payload: { userPhoto: 'x' } });
    expect(json.statusCode).toBe(415);
  });
});
