import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { podcastTitles, podcastUploads } from '@db/schema/podcasts';
import { newId } from '@server/lib/ids';
import { callerAs, testPassword, type TestUser } from '../helpers/app';
import { followCreator, noteAbout } from '../helpers/federated-peer';
import { startFediversePeer, type FediversePeer } from '../helpers/fediverse-peer';
import { login, newPage, saveScreenshot, useBrowserApp } from './harness';

/*
 * Moderating what comes back from the Fediverse, with the test peer (an independent Fedify server on loopback) following
 * the creator: replies to an episode's note wait on the Fediverse page for approval and only approved ones show under
 * the episode; a reply in the live chat can be banned by its actor and the ban lifted from the Banned dialog.
 */
describe('moderating Fediverse replies in the browser (federation on)', () => {
  const fixture = useBrowserApp({ LOGIN_RATE_LIMIT: '1000', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' }, { federating: true });
  let peer: FediversePeer;
  beforeAll(async () => {
    peer = await startFediversePeer();
  });
  afterAll(async () => {
    await peer?.close();
  });

  const followedCreator = (tag: string) => followCreator(fixture.running.app, fixture.running.url, peer, tag, { email: `${tag}@example.test` });
  const noteOf = (actorId: string, text: string) => noteAbout(peer, actorId, text, 10_000);

  async function publicEpisode(creator: TestUser, name: string) {
    const { app } = fixture.running;
    const titleId = newId();
    await app.services.db.insert(podcastTitles).values({ id: titleId, userId: creator.id, name: `Title of ${name}`, membersOnly: false });
    const uploadId = newId();
    await app.services.db.insert(podcastUploads).values({ id: uploadId, ownerId: creator.id, kind: 'media', url: `/uploads/${uploadId}.mp3`, mimeType: 'audio/mpeg', sizeBytes: 1000, durationSeconds: 600 });
    return (await callerAs(app, creator.token)).podcasts.createEpisode({ podcastTitleId: titleId, name, mediaUploadId: uploadId });
  }

  it('a reply arrives, the creator approves it on the Fediverse page and a guest reads it under the episode; a rejected one never shows', async () => {
    const { creator, caller, actor, actorId } = await followedCreator('fed_comments');
    const episode = await publicEpisode(creator, 'Sunrise mix');
    const quiet = await publicEpisode(creator, 'Quiet mix');
    const noteId = await noteOf(actorId, `/video/${episode.id}`);

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, creator.email, testPassword);
      await page.goto('/apps/fediverse');
      const card = page.getByRole('region', { name: 'Comments' });
      await card.getByText('No comments yet.', { exact: false }).waitFor();

      await peer.reply('alice', actor, noteId, '<p>Lovely mix: 5 &lt; 6 &amp; &lt;b&gt;not bold&lt;/b&gt;</p>');
      await peer.reply('bob', actor, noteId, '<p>Buy my pills</p>');
      await expect.poll(async () => (await caller.federation.comments()).length, { timeout: 15_000 }).toBe(2);
      await page.reload();
      const waiting = card.getByRole('list', { name: 'Comments waiting for approval' });
      await waiting.waitFor();
      expect(await waiting.getByRole('listitem').count()).toBe(2);

      const host = new URL(peer.origin).host;
      const fromAlice = waiting.getByRole('listitem', { name: `Comment by @alice@${host}` });
      expect(await fromAlice.getByRole('link', { name: 'Peer alice' }).getAttribute('href')).toBe(peer.actorUri('alice').href);
      expect(await fromAlice.getByRole('link', { name: 'Sunrise mix' }).getAttribute('href')).toBe(`/video/${episode.id}`);
      // The remote text is shown as text: the markup it quotes is not markup here.
      expect(await fromAlice.getByTestId('comment-text').textContent()).toBe('Lovely mix: 5 < 6 & <b>not bold</b>');
      expect(await fromAlice.locator('b').count()).toBe(0);
      expect(await card.textContent()).toContain('2 waiting');

      await page.getByRole('button', { name: `Approve the comment by @alice@${host}` }).click();
      await page.getByText('Comment approved: it shows under the episode').waitFor();
      await page.getByRole('button', { name: `Reject the comment by @bob@${host}` }).click();
      await page.getByText('Comment rejected').waitFor();
      const approved = card.getByRole('list', { name: 'Approved comments' });
      await approved.getByRole('listitem', { name: `Comment by @alice@${host}` }).waitFor();
      await waiting.waitFor({ state: 'detached' });
      expect(await card.textContent()).not.toContain('Buy my pills');
      await saveScreenshot(page, 'fediverse-comments-card');
    } finally {
      await context.close();
    }

    const guest = await newPage(fixture.browser, fixture.running.url);
    try {
      await guest.page.goto(`/video/${episode.id}`);
      await guest.page.getByRole('heading', { name: 'Sunrise mix', level: 1 }).waitFor();
      const comments = guest.page.getByRole('list', { name: 'Comments from the Fediverse' });
      await comments.waitFor();
      await guest.page.getByRole('heading', { name: 'Comments from the Fediverse' }).waitFor();
      const items = comments.getByRole('listitem');
      expect(await items.count()).toBe(1);
      const text = await items.first().textContent();
      expect(text).toContain('Peer alice');
      expect(text).toContain(`@alice@${new URL(peer.origin).host}`);
      expect(text).toContain('Lovely mix: 5 < 6 & <b>not bold</b>');
      expect(await items.first().locator('time').count()).toBe(1);
      expect(await guest.page.locator('body').textContent()).not.toContain('Buy my pills');

      // An episode with no approved comment shows no such section.
      await guest.page.goto(`/video/${quiet.id}`);
      await guest.page.getByRole('heading', { name: 'Quiet mix', level: 1 }).waitFor();
      await guest.page.waitForLoadState('networkidle');
      expect(await guest.page.getByRole('heading', { name: 'Comments from the Fediverse' }).count()).toBe(0);
    } finally {
      await guest.context.close();
    }
  });

  it('the creator bans a Fediverse replier from the chat, finds them in the Banned dialog marked "via Fediverse", and unbans them: their next reply shows', async () => {
    const { creator, caller, actor, actorId } = await followedCreator('fed_chat_bans');
    const event = await caller.events.create({ name: 'Open air night', startDateTime: new Date(Date.now() - 3_600_000).toISOString(), endDateTime: new Date(Date.now() + 3_600_000).toISOString() });
    const noteId = await noteOf(actorId, `/events/fed_chat_bans/${event.id}`);
    const host = new URL(peer.origin).host;

    const { context, page } = await newPage(fixture.browser, fixture.running.url);
    try {
      await login(page, creator.email, testPassword);
      await page.goto(`/chats/fed_chat_bans/${event.id}?displayName=Host`);
      await peer.reply('alice', actor, noteId, '<p>hello from afar</p>');
      await page.getByText('hello from afar').waitFor({ timeout: 10_000 });
      await page.getByRole('button', { name: 'Ban Peer alice' }).click();
      await page.getByRole('button', { name: 'Banned 1' }).click();
      const dialog = page.getByRole('dialog', { name: 'Banned chatters' });
      const mark = dialog.getByTestId('banned-origin');
      await mark.waitFor();
      expect(await mark.textContent()).toBe(`@alice@${host}via Fediverse`);
      expect(await mark.getByRole('link').getAttribute('href')).toBe(peer.actorUri('alice').href);
      await saveScreenshot(page, 'chat-banned-remote');

      await dialog.getByRole('button', { name: 'Unban Peer alice' }).click();
      await page.getByText('Peer alice can chat again').waitFor();
      await dialog.getByText('No one is banned from this chat').waitFor();
      await page.keyboard.press('Escape');
      await peer.reply('alice', actor, noteId, '<p>back after the ban</p>');
      await page.getByText('back after the ban').waitFor({ timeout: 10_000 });
    } finally {
      await context.close();
    }
  });
});
