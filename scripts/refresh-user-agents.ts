/**
 * Refreshes the opawg user-agents-v2 patterns (MIT) the audience analytics classify User-Agents with
 * (server/domains/analytics/user-agents-data/): the pattern files, the repository's LICENSE and a SOURCE.md naming
 * the repository, commit and date.
 *
 *   npm run user-agents:refresh                       (the newest commit of the default branch, from GitHub)
 *   npm run user-agents:refresh -- --ref <commit|branch>
 *   npm run user-agents:refresh -- --from <folder> [--commit <sha>] [--date <YYYY-MM-DD>]
 *                                    (a local checkout: <folder>/src/<file>.json or <folder>/<file>.json)
 *   [--out <folder>]                                  (somewhere else than the app's data folder)
 *
 * Every file is validated (the patterns file shape, each pattern compiles as a JavaScript RegExp, names are unique,
 * each example matches its own pattern) before anything is written: one bad file refuses the whole refresh, exit 1.
 * The files are written byte for byte as the repository has them. Review the diff (and run
 * tests/unit/user-agents.test.ts) before committing.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import {
  userAgentDataFiles,
  userAgentPatternsFileSchema,
  type UserAgentDataFile,
} from '@server/domains/analytics/user-agents';

export const userAgentsRepository = 'opawg/user-agents-v2';
export const userAgentsDataDir = fileURLToPath(
  new URL('../server/domains/analytics/user-agents-data/', import.meta.url),
);

export class RefreshError extends Error {}

export interface RefreshSource {
  /** Folder of a local copy; without it the files are downloaded from GitHub. */
  from?: string;
  /** A commit or branch (downloads; default the default branch, `master`). */
  ref?: string;
  /** The commit a local copy is at, for SOURCE.md. */
  commit?: string;
  /** The commit's date (`YYYY-MM-DD`), for SOURCE.md. */
  date?: string;
  out?: string;
  /** Injected for tests; the global fetch otherwise. */
  fetch?: typeof fetch;
  now?: () => Date;
}

export interface RefreshResult {
  out: string;
  commit: string;
  entries: Record<UserAgentDataFile, number>;
}

interface Fetched {
  files: Record<UserAgentDataFile, string>;
  license: string;
  commit: string;
  date: string;
  origin: string;
}

async function download(ref: string, get: typeof fetch): Promise<Fetched> {
  const text = async (url: string): Promise<string> => {
    const response = await get(url, { headers: { 'user-agent': 'cuepoint-user-agents-refresh' } });
    if (!response.ok) throw new RefreshError(`GET ${url} answered ${response.status}`);
    return response.text();
  };
  const commitInfo = JSON.parse(await text(`https://api.github.com/repos/${userAgentsRepository}/commits/${ref}`)) as {
    sha?: string;
    commit?: { committer?: { date?: string } };
  };
  const commit = commitInfo.sha;
  if (!commit || !/^[0-9a-f]{40}$/.test(commit)) throw new RefreshError(`no commit found for ${ref}`);
  const raw = `https://raw.githubusercontent.com/${userAgentsRepository}/${commit}`;
  const files = {} as Record<UserAgentDataFile, string>;
  for (const name of userAgentDataFiles) files[name] = await text(`${raw}/src/${name}.json`);
  return {
    files,
    license: await text(`${raw}/LICENSE`),
    commit,
    date: (commitInfo.commit?.committer?.date ?? '').slice(0, 10) || 'unknown',
    origin: `https://github.com/${userAgentsRepository}`,
  };
}

function copyFrom(folder: string, source: RefreshSource): Fetched {
  const dir = resolve(folder);
  const read = (candidates: string[], what: string): string => {
    const found = candidates.map((candidate) => join(dir, candidate)).find((path) => existsSync(path));
    if (!found) throw new RefreshError(`${what} not found in ${dir} (looked for ${candidates.join(', ')})`);
    return readFileSync(found, 'utf8');
  };
  const files = {} as Record<UserAgentDataFile, string>;
  for (const name of userAgentDataFiles) files[name] = read([`src/${name}.json`, `${name}.json`], `${name}.json`);
  return {
    files,
    license: read(['LICENSE', 'LICENSE.md'], 'LICENSE'),
    commit: source.commit ?? 'not recorded (copied from a local folder)',
    date: source.date ?? 'unknown',
    origin: `https://github.com/${userAgentsRepository}`,
  };
}

/** Parses and validates one file's text; throws RefreshError naming the file and the first problems. */
export function validatePatternsFile(name: string, text: string): number {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new RefreshError(`${name}.json is not JSON: ${(error as Error).message}`);
  }
  const parsed = userAgentPatternsFileSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(file)'}: ${issue.message}`)
      .join('; ');
    throw new RefreshError(`${name}.json is not a valid opawg patterns file: ${problems}`);
  }
  return parsed.data.entries.length;
}

function copyrightOf(license: string): string {
  return /^\s*(Copyright .+)$/m.exec(license)?.[1]?.trim() ?? 'copyright as in LICENSE';
}

function sourceMarkdown(fetched: Fetched, retrieved: string): string {
  return [
    '# Source of these files',
    '',
    `The User-Agent patterns in this folder are the opawg **user-agents-v2** data, copied unchanged from`,
    `${fetched.origin} (\`src/<file>.json\`).`,
    '',
    `- Repository: ${fetched.origin}`,
    `- Commit: ${fetched.commit}`,
    `- Commit date: ${fetched.date}`,
    `- Retrieved: ${retrieved}`,
    `- Files: ${userAgentDataFiles.map((name) => `${name}.json`).join(', ')}`,
    `- Licence: MIT, ${copyrightOf(fetched.license)} (see LICENSE in this folder).`,
    '',
    'Used by server/domains/analytics/user-agents.ts. Refresh with `npm run user-agents:refresh`',
    '(scripts/refresh-user-agents.ts); do not edit the JSON files by hand.',
    '',
  ].join('\n');
}

/** Fetches (or copies), validates every file, then writes them, LICENSE and SOURCE.md. */
export async function refreshUserAgents(source: RefreshSource = {}): Promise<RefreshResult> {
  const fetched = source.from
    ? copyFrom(source.from, source)
    : await download(source.ref ?? 'master', source.fetch ?? fetch);
  const entries = {} as Record<UserAgentDataFile, number>;
  for (const name of userAgentDataFiles) entries[name] = validatePatternsFile(name, fetched.files[name]);
  if (!/MIT License/i.test(fetched.license)) {
    throw new RefreshError('LICENSE is no longer the MIT licence: check before shipping');
  }
  const out = resolve(source.out ?? userAgentsDataDir);
  mkdirSync(out, { recursive: true });
  for (const name of userAgentDataFiles) writeFileSync(join(out, `${name}.json`), fetched.files[name]);
  writeFileSync(join(out, 'LICENSE'), fetched.license);
  const retrieved = (source.now?.() ?? new Date()).toISOString().slice(0, 10);
  writeFileSync(join(out, 'SOURCE.md'), sourceMarkdown(fetched, retrieved));
  return { out, commit: fetched.commit, entries };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      ref: { type: 'string' },
      commit: { type: 'string' },
      date: { type: 'string' },
      out: { type: 'string' },
    },
  });
  try {
    const result = await refreshUserAgents(values);
    const counts = Object.entries(result.entries)
      .map(([name, count]) => `${name} ${count}`)
      .join(', ');
    console.log(`user-agents: wrote ${result.out} at ${result.commit} (${counts})`);
  } catch (error) {
    console.error(`user-agents: ${(error as Error).message}`);
    process.exitCode = 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) await main();
