/**
 * Which app, device and bot a User-Agent names (issue 33), from the opawg user-agents-v2 patterns (MIT) shipped in
 * `user-agents-data/` (their source and licence beside them; `npm run user-agents:refresh` replaces them) plus
 * `isbot`. The patterns are compiled once, at module load; results are kept in a bounded LRU because this runs on the
 * media request path.
 *
 * The deterministic match is opawg's own (their README): the first entry whose pattern matches, files in the order
 * bots, apps, libraries, browsers. Then:
 * - `bot`: the match is a bot, or a library opawg marks `category: "bot"` (curl-like server-side clients, as OP3
 *   counts them), or — only when opawg found no app or library — `isbot` says so. `isbot` alone is not trusted
 *   over an opawg app: it calls every UA that does not look like a browser a bot (Overcast, Pocket Casts…).
 * - `app`: the matched entry's name (a browser is `Browser`); with no match, `Browser` for a plain Mozilla-style
 *   browser UA, else `Unknown`. A missing or blank UA is `Unknown` and not a bot.
 * - `device`: the first opawg device entry that matches (`Apple iPhone`, `Android Phone`, `Windows Computer`…), null
 *   for bots and when none matches.
 */
import { isbot } from 'isbot';
import { z } from 'zod';
import appsFile from './user-agents-data/apps.json' with { type: 'json' };
import botsFile from './user-agents-data/bots.json' with { type: 'json' };
import browsersFile from './user-agents-data/browsers.json' with { type: 'json' };
import devicesFile from './user-agents-data/devices.json' with { type: 'json' };
import librariesFile from './user-agents-data/libraries.json' with { type: 'json' };

export interface UserAgentClass {
  /** The app or platform (`Apple Podcasts`, `Spotify`, `AntennaPod`, `AppleCoreMedia`, `Browser`, `Unknown`…). */
  app: string;
  /** The opawg device (`Apple iPhone`, `Android Phone`, `Windows Computer`…), null when unknown or a bot. */
  device: string | null;
  bot: boolean;
}

/** The opawg files the app ships and reads, in `user-agents-data/<name>.json`. */
export const userAgentDataFiles = ['apps', 'bots', 'browsers', 'devices', 'libraries'] as const;
export type UserAgentDataFile = (typeof userAgentDataFiles)[number];

export const browserAppName = 'Browser';
export const unknownAppName = 'Unknown';
/** Longest User-Agent looked at (longer ones are cut): bounds the matching time and the cache's memory. */
export const userAgentMaxLength = 512;
export const userAgentCacheSize = 2_000;

/**
 * Turns an opawg pattern into a JavaScript RegExp. The patterns are meant to be portable (no lookarounds), but a
 * refreshed file may carry PCRE-isms: a leading inline flag group `(?i)` / `(?s)` / `(?m)` becomes a flag, `\A` becomes
 * `^`, `\z` and `\Z` become `$`; atomic groups and possessive quantifiers, which JavaScript lacks, are refused.
 */
export function toJsRegExp(pattern: string): RegExp {
  let source = pattern;
  let flags = '';
  const inline = /^\(\?([a-zA-Z]+)\)/.exec(source);
  if (inline) {
    for (const flag of inline[1] ?? '') {
      if (flag !== 'i' && flag !== 'm' && flag !== 's') {
        throw new Error(`unsupported inline flag (?${flag}) in ${pattern}`);
      }
      if (!flags.includes(flag)) flags += flag;
    }
    source = source.slice(inline[0].length);
  }
  if (source.includes('(?>')) throw new Error(`atomic groups are not supported: ${pattern}`);
  if (/(?<!\\)[*+?}]\+/.test(source.replace(/\\\\/g, ''))) {
    throw new Error(`possessive quantifiers are not supported: ${pattern}`);
  }
  source = source.replace(/\\(.)/gs, (escape: string, char: string) => {
    if (char === 'A') return '^';
    if (char === 'z' || char === 'Z') return '$';
    return escape;
  });
  return new RegExp(source, flags);
}

const patternSchema = z
  .string()
  .min(1)
  .refine((pattern) => pattern.trim() !== '', 'blank pattern')
  .superRefine((pattern, ctx) => {
    try {
      toJsRegExp(pattern);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: `not a usable regular expression: ${(error as Error).message}` });
    }
  });

const entrySchema = z.object({
  name: z
    .string()
    .min(1)
    .refine((name) => name.trim() === name, 'leading or trailing spaces'),
  pattern: patternSchema,
  category: z
    .string()
    .regex(/^[a-z]+(_[a-z]+)*$/)
    .optional(),
  examples: z.array(z.string()).optional(),
});

/** The shape of an opawg patterns file (schemas/patterns.schema.json), plus what this module relies on. */
export const userAgentPatternsFileSchema = z
  .object({ entries: z.array(entrySchema).min(1) })
  .superRefine((file, ctx) => {
    const names = new Set<string>();
    file.entries.forEach((entry, index) => {
      const key = entry.name.toLowerCase();
      if (names.has(key)) {
        ctx.addIssue({ code: 'custom', path: ['entries', index, 'name'], message: `duplicate name ${entry.name}` });
      }
      names.add(key);
      const regex = safeRegExp(entry.pattern);
      entry.examples?.forEach((example, exampleIndex) => {
        if (regex && !regex.test(example)) {
          ctx.addIssue({
            code: 'custom',
            path: ['entries', index, 'examples', exampleIndex],
            message: `example does not match its own pattern: ${example}`,
          });
        }
      });
    });
  });

export type UserAgentPatternsFile = z.infer<typeof userAgentPatternsFileSchema>;

function safeRegExp(pattern: string): RegExp | null {
  try {
    return toJsRegExp(pattern);
  } catch {
    return null;
  }
}

interface CompiledEntry {
  name: string;
  regex: RegExp;
  category: string | undefined;
}

/** A file's entries in order, and one RegExp matching when any of them does (skips the file at once when none does). */
interface CompiledFile {
  entries: CompiledEntry[];
  any: RegExp | null;
}

type MatchType = 'bots' | 'apps' | 'libraries' | 'browsers';

interface Entries {
  name: string;
  pattern: string;
  category?: string;
}

/**
 * The same test with less backtracking: a leading `.*` of the first alternative of an unanchored pattern changes
 * nothing for `test` (drop it), a leading `.+` is one character (`.`). `.*MJ12bot` otherwise costs ~20 µs a UA.
 */
export function withoutLeadingWildcard(source: string): string {
  const wildcard = /^\.([*+])\??/.exec(source);
  if (!wildcard) return source;
  const rest = source.slice(wildcard[0].length);
  return wildcard[1] === '*' ? rest : `.${rest}`;
}

function compile(file: { entries: Entries[] }): CompiledFile {
  const entries = file.entries.map((entry) => {
    const regex = toJsRegExp(entry.pattern);
    const fast = new RegExp(withoutLeadingWildcard(regex.source), regex.flags);
    return { name: entry.name, regex: fast, category: entry.category };
  });
  // One alternation of every pattern is ~8x faster than testing them one by one when none matches (most files for
  // most UAs). Only when the patterns share no flags and have no backreferences (their numbers would shift).
  const combinable = entries.every((entry) => entry.regex.flags === '' && !/\\[1-9]/.test(entry.regex.source));
  const any = combinable ? new RegExp(entries.map((entry) => `(?:${entry.regex.source})`).join('|')) : null;
  return { entries, any };
}

const matchOrder: ReadonlyArray<readonly [MatchType, CompiledFile]> = [
  ['bots', compile(botsFile)],
  ['apps', compile(appsFile)],
  ['libraries', compile(librariesFile)],
  ['browsers', compile(browsersFile)],
];
const devices = compile(devicesFile);

/** Every app or platform name `classifyUserAgent` answers for a listener that is not an opawg bot (for labels). */
export const knownAppNames: readonly string[] = Object.freeze([
  ...appsFile.entries.map((entry) => entry.name),
  ...librariesFile.entries.map((entry) => entry.name),
  browserAppName,
  unknownAppName,
]);

/** The opawg bots' names (the `app` of a request from one of them). */
export const knownBotNames: readonly string[] = Object.freeze(botsFile.entries.map((entry) => entry.name));

const unknownClass: UserAgentClass = Object.freeze({ app: unknownAppName, device: null, bot: false });

/** A Mozilla-style browser UA that no opawg browser pattern named (the fallback for `Browser`). */
const browserLike = /^Mozilla\/\d/;
const browserEngine = /\b(?:Chrome|Chromium|CriOS|Safari|Firefox|FxiOS|Edg|OPR)\/|\bGecko\//;

function firstMatch(file: CompiledFile, userAgent: string): CompiledEntry | undefined {
  if (file.any && !file.any.test(userAgent)) return undefined;
  for (const entry of file.entries) if (entry.regex.test(userAgent)) return entry;
  return undefined;
}

/** The classification itself, uncached. */
export function classifyUncached(userAgent: string): UserAgentClass {
  let type: MatchType | null = null;
  let match: CompiledEntry | undefined;
  for (const [fileType, file] of matchOrder) {
    match = firstMatch(file, userAgent);
    if (match) {
      type = fileType;
      break;
    }
  }
  let app = unknownAppName;
  let bot = false;
  if (match && type === 'bots') {
    app = match.name;
    bot = true;
  } else if (match && (type === 'apps' || type === 'libraries')) {
    app = match.name;
    bot = type === 'libraries' && match.category === 'bot';
  } else {
    if (match || (browserLike.test(userAgent) && browserEngine.test(userAgent))) app = browserAppName;
    bot = isbot(userAgent);
  }
  const device = bot ? null : (firstMatch(devices, userAgent)?.name ?? null);
  return Object.freeze({ app, device, bot });
}

export interface UserAgentClassifier {
  classify(userAgent: string | undefined): UserAgentClass;
  /** How many User-Agents the cache holds now. */
  readonly cached: number;
  /** Whether this User-Agent's class is cached (for tests). */
  has(userAgent: string): boolean;
}

/** A classifier with its own LRU of `cacheSize` User-Agents (the app uses the one behind `classifyUserAgent`). */
export function createUserAgentClassifier(cacheSize = userAgentCacheSize): UserAgentClassifier {
  const cache = new Map<string, UserAgentClass>();
  return {
    classify(userAgent) {
      const key = normalise(userAgent);
      if (key === null) return unknownClass;
      const hit = cache.get(key);
      if (hit) {
        cache.delete(key);
        cache.set(key, hit);
        return hit;
      }
      const result = classifyUncached(key);
      cache.set(key, result);
      if (cache.size > cacheSize) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      return result;
    },
    get cached() {
      return cache.size;
    },
    has(userAgent) {
      const key = normalise(userAgent);
      return key !== null && cache.has(key);
    },
  };
}

/** Newlines removed (opawg's advice: only bad actors send them), cut to `userAgentMaxLength`; null when blank. */
function normalise(userAgent: string | undefined): string | null {
  if (userAgent === undefined) return null;
  const cleaned = userAgent.replace(/[\r\n]/g, '').slice(0, userAgentMaxLength);
  return cleaned.trim() === '' ? null : cleaned;
}

const shared = createUserAgentClassifier();

/** The app, device and bot flag of a request's User-Agent (cached: cheap enough for the media request path). */
export function classifyUserAgent(userAgent: string | undefined): UserAgentClass {
  return shared.classify(userAgent);
}
