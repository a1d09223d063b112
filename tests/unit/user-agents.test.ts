import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  classifyUserAgent,
  createUserAgentClassifier,
  knownAppNames,
  toJsRegExp,
  userAgentCacheSize,
  userAgentDataFiles,
  withoutLeadingWildcard,
} from '@server/domains/analytics/user-agents';
import { refreshUserAgents, RefreshError, userAgentsDataDir } from '../../scripts/refresh-user-agents';

const folders: string[] = [];
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })));

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'user-agents-'));
  folders.push(dir);
  return dir;
}

function shipped(name: string): string {
  return readFileSync(join(userAgentsDataDir, name), 'utf8');
}

describe('classifyUserAgent: podcast apps', () => {
  it.each([
    ['Podcasts/1650.20 CFNetwork/1568.100.1 Darwin/24.0.0', 'Apple Podcasts', 'Apple iPhone'],
    ['Spotify/9.0.2 iOS/18.0 (iPhone15,3)', 'Spotify', 'Apple iPhone'],
    ['Spotify/8.9.96 Android/34 (SM-S918B)', 'Spotify', 'Android Phone'],
    ['Overcast/3.0 (+http://overcast.fm/; iOS podcast app)', 'Overcast', 'Apple iPhone'],
    ['Pocket Casts', 'Pocket Casts', 'Other Mobile Device'],
    ['Pocket%20Casts/7.96.0.4 CFNetwork/3826.600.41 Darwin/24.6.0', 'Pocket Casts', 'Apple iPhone'],
    ['AntennaPod/3.5.0', 'AntennaPod', 'Android Phone'],
    ['de.danoeh.antennapod/3.4.0 (Linux;Android 14) ExoPlayerLib/2.19.1', 'AntennaPod', 'Android Phone'],
    ['PodcastAddict/v5 (+https://podcastaddict.com/; Android podcast app)', 'Podcast Addict', 'Android Phone'],
    [
      'Podcast Addict - Dalvik/2.1.0 (Linux; U; Android 13; Pixel 6 Build/TQ3A.230901.001)',
      'Podcast Addict',
      'Android Phone',
    ],
  ])('%s is %s on %s, not a bot', (userAgent, app, device) => {
    expect(classifyUserAgent(userAgent)).toEqual({ app, device, bot: false });
  });

  it('names AppleCoreMedia as the library it is (opawg: not only Apple Podcasts), on its device', () => {
    expect(classifyUserAgent('AppleCoreMedia/1.0.0.21G93 (iPhone; U; CPU OS 17_6_1 like Mac OS X; en_us)')).toEqual({
      app: 'AppleCoreMedia',
      device: 'Apple iPhone',
      bot: false,
    });
    expect(classifyUserAgent('AppleCoreMedia/1.0.0.20K71 (Apple TV; U; CPU OS 16_1 like Mac OS X; en_au)').device).toBe(
      'Apple TV',
    );
  });

  it('trusts an opawg app over isbot, which calls any non-browser UA a bot', () => {
    // isbot alone says true for these: without the opawg-first rule, real listeners would be counted as bots.
    expect(classifyUserAgent('Overcast/3.0 (+http://overcast.fm/; iOS podcast app)').bot).toBe(false);
    expect(classifyUserAgent('AntennaPod/3.5.0').bot).toBe(false);
    const downloadManager = 'AndroidDownloadManager/13 (Linux; U; Android 13; Pixel 7 Build/TQ3A.230901.001)';
    expect(classifyUserAgent(downloadManager)).toEqual({
      app: 'AndroidDownloadManager',
      device: 'Android Phone',
      bot: false,
    });
  });
});

describe('classifyUserAgent: browsers', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Windows Computer',
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      'Apple iPhone',
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
      'Apple Computer',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Other Computer'],
  ])('%s is a Browser', (userAgent, device) => {
    expect(classifyUserAgent(userAgent)).toEqual({ app: 'Browser', device, bot: false });
  });

  it('names a Mozilla-style browser no opawg pattern knows a Browser too', () => {
    const nintendo =
      'Mozilla/5.0 (Nintendo Switch; WifiWebAuthApplet) AppleWebKit/606.4 (KHTML, like Gecko) NF/6.0.1.15.4 ' +
      'NintendoBrowser/5.1.0.20393 Safari/605.1.15';
    expect(classifyUserAgent(nintendo)).toMatchObject({ app: 'Browser', bot: false });
  });

  it('still asks isbot about browser-looking UAs', () => {
    const crawler = 'Mozilla/5.0 (compatible; ExampleCrawler/1.0; +https://crawler.example.com/bot)';
    expect(classifyUserAgent(crawler)).toEqual({ app: 'Unknown', device: null, bot: true });
    const spider =
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36 ' +
      '(compatible; SomeSpider/2.0)';
    expect(classifyUserAgent(spider)).toMatchObject({ app: 'Browser', bot: true });
  });
});

describe('classifyUserAgent: bots, libraries and nothing', () => {
  it.each([
    ['curl/8.5.0', 'curl'],
    ['Wget/1.21.4', 'Wget'],
    ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'Googlebot'],
    ['Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)', 'AhrefsBot'],
  ])('%s is the opawg bot %s', (userAgent, app) => {
    expect(classifyUserAgent(userAgent)).toEqual({ app, device: null, bot: true });
  });

  it('counts a library opawg marks as a bot (server-side HTTP clients) as a bot', () => {
    expect(classifyUserAgent('Go-http-client/1.1')).toEqual({ app: 'Go Http Client', device: null, bot: true });
    expect(classifyUserAgent('python-httpx/0.27.0')).toEqual({ app: 'python-httpx', device: null, bot: true });
  });

  it('leaves a missing or blank User-Agent Unknown and not a bot', () => {
    for (const userAgent of [undefined, '', '   ', '\r\n']) {
      expect(classifyUserAgent(userAgent)).toEqual({ app: 'Unknown', device: null, bot: false });
    }
  });

  it('ignores newlines a client slipped into the header', () => {
    expect(classifyUserAgent('Acast/3989\r\nCFNetwork/758.4.3 Darwin/15.5.0').app).toBe('Acast');
  });

  it('classifies every example the opawg files ship as its own entry (their deterministic match)', () => {
    const type = { apps: 'app', bots: 'bot', libraries: 'library', browsers: 'browser' } as const;
    for (const file of ['apps', 'bots', 'libraries', 'browsers'] as const) {
      const { entries } = JSON.parse(shipped(`${file}.json`)) as {
        entries: Array<{ name: string; category?: string; examples?: string[] }>;
      };
      for (const entry of entries) {
        for (const example of entry.examples ?? []) {
          if (example.trim() === '') continue;
          const result = classifyUserAgent(example);
          const expected = type[file] === 'browser' ? 'Browser' : entry.name;
          expect(result.app, `${file}: ${example}`).toBe(expected);
          if (file === 'bots') expect(result.bot, example).toBe(true);
          if (file === 'apps') expect(result.bot, example).toBe(false);
          if (file === 'libraries') expect(result.bot, example).toBe(entry.category === 'bot');
        }
      }
    }
  });

  it('lists the app names it answers', () => {
    const names = ['Apple Podcasts', 'Spotify', 'Overcast', 'Pocket Casts', 'AntennaPod', 'Browser', 'Unknown'];
    expect(knownAppNames).toEqual(expect.arrayContaining(names));
  });
});

describe('the classification cache', () => {
  it('keeps at most its bound, dropping the least recently used', () => {
    const classifier = createUserAgentClassifier(3);
    for (const userAgent of ['A/1', 'B/1', 'C/1']) classifier.classify(userAgent);
    classifier.classify('A/1');
    classifier.classify('D/1');
    expect(classifier.cached).toBe(3);
    expect(classifier.has('B/1')).toBe(false);
    expect(['A/1', 'C/1', 'D/1'].every((userAgent) => classifier.has(userAgent))).toBe(true);
  });

  it(`holds ${userAgentCacheSize} User-Agents by default, however many it sees`, () => {
    const classifier = createUserAgentClassifier();
    for (let index = 0; index < userAgentCacheSize + 500; index += 1) classifier.classify(`Player${index}/1.0`);
    expect(classifier.cached).toBe(userAgentCacheSize);
    expect(classifier.has('Player0/1.0')).toBe(false);
    expect(classifier.has(`Player${userAgentCacheSize + 499}/1.0`)).toBe(true);
  });

  it('keys a huge User-Agent by its first 512 characters', () => {
    const classifier = createUserAgentClassifier(10);
    const prefix = `AntennaPod/3.5.0 ${'x'.repeat(600)}`;
    expect(classifier.classify(`${prefix}one`).app).toBe('AntennaPod');
    classifier.classify(`${prefix}two`);
    expect(classifier.cached).toBe(1);
  });

  it('answers the same object from the cache', () => {
    const classifier = createUserAgentClassifier(10);
    expect(classifier.classify('Overcast/3.0')).toBe(classifier.classify('Overcast/3.0'));
  });
});

describe('pattern conversion', () => {
  it('turns PCRE-isms into JavaScript and refuses what JavaScript lacks', () => {
    expect(toJsRegExp('(?i)^podcasts/').test('PODCASTS/1.0')).toBe(true);
    expect(toJsRegExp('\\AFoo/\\z').test('Foo/')).toBe(true);
    expect(toJsRegExp('\\AFoo/\\z').test('xFoo/')).toBe(false);
    expect(toJsRegExp('a\\\\A').test('a\\A')).toBe(true);
    expect(() => toJsRegExp('(?>abc)')).toThrow(/atomic/);
    expect(() => toJsRegExp('a++')).toThrow(/possessive/);
    expect(toJsRegExp('a\\++').test('a++')).toBe(true);
  });

  it('drops a leading wildcard without changing what matches', () => {
    expect(withoutLeadingWildcard('.*MJ12bot')).toBe('MJ12bot');
    expect(withoutLeadingWildcard('.+[Bb]rave')).toBe('.[Bb]rave');
    expect(withoutLeadingWildcard('^.*Android')).toBe('^.*Android');
    expect(new RegExp(withoutLeadingWildcard('.+[Bb]rave')).test('Brave')).toBe(false);
  });
});

/** A local copy of the repository: src/<file>.json and LICENSE, from the shipped files unless replaced. */
function localCopy(replace: Record<string, string> = {}): string {
  const dir = tempDir();
  mkdirSync(join(dir, 'src'));
  for (const name of userAgentDataFiles) {
    writeFileSync(join(dir, 'src', `${name}.json`), replace[name] ?? shipped(`${name}.json`));
  }
  writeFileSync(join(dir, 'LICENSE'), shipped('LICENSE'));
  return dir;
}

describe('scripts/refresh-user-agents.ts', () => {
  it('copies the files from --from unchanged, with LICENSE and SOURCE.md', async () => {
    const out = join(tempDir(), 'data');
    const result = await refreshUserAgents({
      from: localCopy(),
      out,
      commit: '0123456789abcdef0123456789abcdef01234567',
      date: '2026-08-06',
      now: () => new Date('2026-12-01T10:00:00Z'),
    });
    for (const name of userAgentDataFiles) {
      expect(readFileSync(join(out, `${name}.json`), 'utf8')).toBe(shipped(`${name}.json`));
    }
    expect(readFileSync(join(out, 'LICENSE'), 'utf8')).toContain('MIT License');
    const source = readFileSync(join(out, 'SOURCE.md'), 'utf8');
    expect(source).toContain('https://github.com/opawg/user-agents-v2');
    expect(source).toContain('0123456789abcdef0123456789abcdef01234567');
    expect(source).toContain('2026-08-06');
    expect(source).toContain('Retrieved: 2026-12-01');
    expect(result.entries.apps).toBeGreaterThan(100);
  });

  it.each([
    ['not JSON', '{ "entries": [', /apps\.json is not JSON/],
    ['no entries', '{ "comments": [] }', /apps\.json is not a valid opawg patterns file: entries/],
    [
      'a pattern JavaScript cannot compile',
      '{ "entries": [{ "name": "Broken", "pattern": "Broken(/" }] }',
      /not a usable regular expression/,
    ],
    [
      'an example its pattern misses',
      '{ "entries": [{ "name": "App", "pattern": "^App/", "examples": ["Other/1"] }] }',
      /does not match its own pattern/,
    ],
    [
      'a duplicate name',
      '{ "entries": [{ "name": "App", "pattern": "^App/" }, { "name": "app", "pattern": "^app/" }] }',
      /duplicate name/,
    ],
  ])('refuses a file with %s and writes nothing', async (_what, apps, message) => {
    const out = join(tempDir(), 'data');
    await expect(refreshUserAgents({ from: localCopy({ apps }), out })).rejects.toThrow(message);
    await expect(refreshUserAgents({ from: localCopy({ apps }), out })).rejects.toBeInstanceOf(RefreshError);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it('downloads the files of one commit from GitHub (fetch injected, no network)', async () => {
    const sha = 'fedcba9876543210fedcba9876543210fedcba98';
    const asked: string[] = [];
    const fakeFetch = (async (url: string | URL | Request) => {
      const href = String(url);
      asked.push(href);
      if (href === 'https://api.github.com/repos/opawg/user-agents-v2/commits/master') {
        return new Response(JSON.stringify({ sha, commit: { committer: { date: '2026-08-06T17:44:55Z' } } }));
      }
      const raw = `https://raw.githubusercontent.com/opawg/user-agents-v2/${sha}/`;
      const file = href.startsWith(raw) ? /^(src\/(\w+)\.json|LICENSE)$/.exec(href.slice(raw.length)) : null;
      if (!file) return new Response('not found', { status: 404 });
      return new Response(shipped(file[2] ? `${file[2]}.json` : 'LICENSE'));
    }) as typeof fetch;
    const out = join(tempDir(), 'data');
    const result = await refreshUserAgents({ out, fetch: fakeFetch });
    expect(result.commit).toBe(sha);
    expect(readFileSync(join(out, 'SOURCE.md'), 'utf8')).toContain('Commit date: 2026-08-06');
    expect(readFileSync(join(out, 'bots.json'), 'utf8')).toBe(shipped('bots.json'));
    expect(asked).toHaveLength(1 + userAgentDataFiles.length + 1);
  });
});
