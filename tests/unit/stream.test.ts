import { describe, expect, it } from 'vitest';
import { parseStreamValue } from '@common/stream-url';

describe('parseStreamValue', () => {
  it.each([
    ['https://test-streams.mux.dev/x36xhzz/x36xhzz.m3u8', { kind: 'hls', url: 'https://test-streams.mux.dev/x36xhzz/x36xhzz.m3u8' }],
    ['  https://cdn.example.com/live/index.M3U8?token=abc  ', { kind: 'hls', url: 'https://cdn.example.com/live/index.M3U8?token=abc' }],
    ['https://www.youtube.com/watch?v=jfKfPfyJRdk&t=10', { kind: 'iframe', provider: 'youtube', embedUrl: 'https://www.youtube.com/embed/jfKfPfyJRdk' }],
    ['https://youtu.be/jfKfPfyJRdk', { kind: 'iframe', provider: 'youtube', embedUrl: 'https://www.youtube.com/embed/jfKfPfyJRdk' }],
    ['https://www.youtube.com/live/jfKfPfyJRdk?si=x', { kind: 'iframe', provider: 'youtube', embedUrl: 'https://www.youtube.com/embed/jfKfPfyJRdk' }],
    ['https://m.youtube.com/shorts/jfKfPfyJRdk', { kind: 'iframe', provider: 'youtube', embedUrl: 'https://www.youtube.com/embed/jfKfPfyJRdk' }],
    ['https://www.youtube.com/embed/jfKfPfyJRdk', { kind: 'iframe', provider: 'youtube', embedUrl: 'https://www.youtube.com/embed/jfKfPfyJRdk' }],
    ['https://www.youtube.com/channel/UC4R8DWoMoI7CAwX8_LjQHig/live', { kind: 'iframe', provider: 'youtube', embedUrl: 'https://www.youtube.com/embed/live_stream?channel=UC4R8DWoMoI7CAwX8_LjQHig' }],
    ['https://www.twitch.tv/SomeStreamer', { kind: 'iframe', provider: 'twitch', embedUrl: 'https://player.twitch.tv/?channel=somestreamer&parent=localhost' }],
    ['https://www.twitch.tv/videos/123456', { kind: 'iframe', provider: 'twitch', embedUrl: 'https://player.twitch.tv/?video=v123456&parent=localhost' }],
    ['https://vimeo.com/76979871', { kind: 'iframe', provider: 'vimeo', embedUrl: 'https://player.vimeo.com/video/76979871' }],
    ['https://vimeo.com/channels/staffpicks/76979871', { kind: 'iframe', provider: 'vimeo', embedUrl: 'https://player.vimeo.com/video/76979871' }],
    ['https://vimeo.com/event/12345', { kind: 'iframe', provider: 'vimeo', embedUrl: 'https://vimeo.com/event/12345/embed' }],
    ['https://player.vimeo.com/video/76979871?h=abc', { kind: 'iframe', provider: 'vimeo', embedUrl: 'https://player.vimeo.com/video/76979871?h=abc' }],
    ['https://stream.example.org/embed/room-1', { kind: 'iframe', provider: 'embed', embedUrl: 'https://stream.example.org/embed/room-1' }],
  ])('%s', (value, expected) => {
    expect(parseStreamValue(value)).toEqual(expected);
  });

  it('puts the embedding host into Twitch URLs', () => {
    expect(parseStreamValue('https://twitch.tv/dj_mara', { parentHost: 'events.example.com' })).toEqual({
      kind: 'iframe',
      provider: 'twitch',
      embedUrl: 'https://player.twitch.tv/?channel=dj_mara&parent=events.example.com',
    });
  });

  it.each([null, undefined, '', '   ', 'not a url', 'javascript:alert(1)', 'data:text/html,<script>1</script>', 'ftp://example.com/live.m3u8', 'https://www.youtube.com/', 'https://www.youtube.com/watch', 'https://vimeo.com/about', 'https://www.twitch.tv/'])(
    'is no stream for %j',
    (value) => {
      expect(parseStreamValue(value)).toEqual({ kind: 'none' });
    },
  );
});
