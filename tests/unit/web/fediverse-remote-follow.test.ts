import { describe, expect, it } from 'vitest';
import { handleFromWebFinger, parseHandle, remoteFollowUrl } from '@web/features/fediverse/remote-follow';

describe('remote follow from the creator page', () => {
  it('reads a visitor handle typed the usual ways', () => {
    expect(parseHandle('@sam@mastodon.social')).toEqual({ name: 'sam', host: 'mastodon.social' });
    expect(parseHandle('  sam@Mastodon.Social ')).toEqual({ name: 'sam', host: 'mastodon.social' });
    expect(parseHandle('acct:sam@social.example:8443')).toEqual({ name: 'sam', host: 'social.example:8443' });
  });

  it('refuses what is no handle', () => {
    for (const bad of ['', 'sam', '@sam', 'sam@', '@sam@localhost', '@sam@mastodon.social/evil', '@sam@evil.example@mastodon.social', 'https://mastodon.social/@sam', '@sam@bad..host', '@sam@ex ample.org', '@sam@evil.example#x']) {
      expect(parseHandle(bad), bad).toBeNull();
    }
  });

  it("sends the visitor to their own server's authorize_interaction page with the creator's handle", () => {
    expect(remoteFollowUrl({ name: 'sam', host: 'mastodon.social' }, '@mara_quill@live.example.com')).toBe('https://mastodon.social/authorize_interaction?uri=%40mara_quill%40live.example.com');
  });

  it("takes the creator's handle from WebFinger's acct: subject or alias, never from elsewhere", () => {
    expect(handleFromWebFinger({ subject: 'https://live.example.com/c/mara', aliases: ['acct:mara@live.example.com'] }, 'mara')).toBe('@mara@live.example.com');
    expect(handleFromWebFinger({ subject: 'acct:mara@live.example.com', aliases: [] }, 'mara')).toBe('@mara@live.example.com');
    expect(handleFromWebFinger({ subject: 'acct:someone_else@live.example.com' }, 'mara')).toBeNull();
    expect(handleFromWebFinger(null, 'mara')).toBeNull();
  });
});
