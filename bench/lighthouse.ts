/**
 * Lighthouse (12.x, mobile preset: Moto G Power screen, simulated slow 4G and 4x CPU slowdown), performance category
 * only, against the built web app served by the whole server with seeded demo data on a loopback port. Pages: the
 * guest's /login, a seeded episode's /video/{id} and the seeded creator's event page. Each page is run --runs times
 * (default 3), one run at a time in a fresh Debian Chromium; the table shows the median of each figure and the top
 * audits of the run Lighthouse's computeMedianRun picks, and replaces its own section of docs/operations.md.
 *
 * Builds nothing: expects `npm run build` (web/dist) or a build in WEB_DIST_DIR.
 * Usage: npm run bench:lighthouse [-- --runs 3 --only sign-in,episode,event --no-write]
 * The median run of each page is kept as Lighthouse's JSON report in test-results/lighthouse/{page}.json.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { asc, lte } from 'drizzle-orm';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import type { Result } from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';
import { podcastEpisodes } from '@db/schema/index';
import { firstRow } from '@db/store';
import { buildApp } from '@server/app';
import { loadConfig } from '@server/config';
import { newId } from '@server/lib/ids';
import { demoEventPagePath } from '../seed/events';
import { seedDatabase } from '../seed/seed';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const webDist = process.env.WEB_DIST_DIR ?? join(repositoryRoot, 'web', 'dist');
const operationsDoc = join(repositoryRoot, 'docs', 'operations.md');
/** The median run of each page as Lighthouse's JSON report (open it in the Lighthouse viewer for the details). */
const reportsDir = join(repositoryRoot, 'test-results', 'lighthouse');
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const chromeFlags = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const runsIndex = process.argv.indexOf('--runs');
const runs = runsIndex >= 0 ? Math.max(1, Math.min(9, Number(process.argv[runsIndex + 1]) || 3)) : 3;
const onlyIndex = process.argv.indexOf('--only');
const onlyPages = onlyIndex >= 0 ? (process.argv[onlyIndex + 1] ?? '').split(',') : null;
const pageLabels = ['sign-in', 'episode', 'event'];
const unknownPages = onlyPages?.filter((label) => !pageLabels.includes(label)) ?? [];
if (unknownPages.length) {
  process.stderr.write(`--only takes ${pageLabels.join(', ')} (comma-separated); unknown: ${unknownPages.join(', ')}\n`);
  process.exit(1);
}
/** A partial run (--only) never replaces the documented table. */
const writeDoc = !process.argv.includes('--no-write') && !onlyPages;

if (!existsSync(join(webDist, 'index.html')) || !existsSync(join(webDist, '.vite', 'manifest.json'))) {
  process.stderr.write(`${webDist} holds no web build: run \`npm run build\` first (or point WEB_DIST_DIR at a build)\n`);
  process.exit(1);
}

/** The server as `npm start` runs it (production settings, demo data seeded), on a temporary data folder. */
async function startServer() {
  const dataDir = mkdtempSync(join(tmpdir(), 'cuepoint-bench-lighthouse-'));
  const config = loadConfig({
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ADMIN_PASSWORD: `bench-${newId()}`,
    JWT_SECRET: `${newId()}${newId()}${newId()}`,
    SEED_DEMO_ACCOUNTS: 'true',
    BOT_CHECK_PROVIDER: 'off',
  });
  const app = await buildApp(config, { webDist });
  await seedDatabase(app.services.db, config, { demoData: true });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function runLighthouse(url: string): Promise<Result> {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
  try {
    const answer = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!answer) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = answer;
    if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    return lhr;
  } finally {
    chrome.kill();
  }
}

/** Lighthouse now and then loses the trace on a loaded machine (NO_NAVSTART, NO_FCP): such a run is made again. */
async function runWithRetries(url: string, attempts = 3): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await runLighthouse(url);
    } catch (error) {
      if (attempt >= attempts) throw error;
      process.stdout.write(`${error instanceof Error ? error.message : String(error)}; trying again\n`);
    }
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const numeric = (lhr: Result, audit: string) => lhr.audits[audit]?.numericValue ?? NaN;
const score = (lhr: Result) => Math.round((lhr.categories.performance?.score ?? 0) * 100);

/** Lighthouse's diagnostics that describe a metric rather than suggest a change. */
const descriptiveAudits = new Set(['largest-contentful-paint-element', 'layout-shifts', 'long-tasks', 'critical-request-chains', 'network-dependency-tree-insight']);

/** The failing performance audits with an estimated saving, biggest first (Lighthouse's own ranking of opportunities). */
function topAudits(lhr: Result, count: number): string[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  const savings = (id: string) => {
    const audit = lhr.audits[id]!;
    const details = audit.details as { overallSavingsMs?: number; overallSavingsBytes?: number } | undefined;
    const metricMs = Object.entries(audit.metricSavings ?? {})
      .filter(([metric]) => metric !== 'CLS')
      .reduce((sum, [, value]) => sum + (value ?? 0), 0);
    return { ms: Math.max(details?.overallSavingsMs ?? 0, metricMs), bytes: details?.overallSavingsBytes ?? 0 };
  };
  return refs
    .filter((ref) => ref.group !== 'metrics' && !descriptiveAudits.has(ref.id))
    .filter((ref) => {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 0.9) return false;
      const { ms, bytes } = savings(ref.id);
      return ms > 0 || bytes > 0 || ref.group === 'diagnostics';
    })
    .sort((a, b) => savings(b.id).ms - savings(a.id).ms || savings(b.id).bytes - savings(a.id).bytes)
    .slice(0, count)
    .map((ref) => {
      const audit = lhr.audits[ref.id]!;
      return audit.displayValue ? `${audit.title} (${audit.displayValue})` : audit.title;
    });
}

interface PageRow {
  label: string;
  path: string;
  scores: number[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  fcpMs: number;
  top: string[];
}

function summarise(label: string, path: string, results: Result[]): PageRow {
  const representative = computeMedianRun(results);
  mkdirSync(reportsDir, { recursive: true });
  writeFileSync(join(reportsDir, `${label}.json`), JSON.stringify(representative));
  return {
    label,
    path,
    scores: results.map(score),
    lcpMs: median(results.map((lhr) => numeric(lhr, 'largest-contentful-paint'))),
    tbtMs: median(results.map((lhr) => numeric(lhr, 'total-blocking-time'))),
    cls: median(results.map((lhr) => numeric(lhr, 'cumulative-layout-shift'))),
    fcpMs: median(results.map((lhr) => numeric(lhr, 'first-contentful-paint'))),
    top: topAudits(representative, 3),
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function markdownSection(rows: PageRow[], load: { start: number; end: number }, startedAt: Date): string {
  const cores = availableParallelism();
  const busy = Math.max(load.start, load.end) > cores * 0.5;
  const loadText = `load average ${load.start.toFixed(1)} at the start, ${load.end.toFixed(1)} at the end, ${cores} cores`;
  const lines = [
    '## Lighthouse (`npm run bench:lighthouse`)',
    '',
    '`bench/lighthouse.ts` serves the built web app (`web/dist`, or `WEB_DIST_DIR`; it builds nothing) from the whole',
    'server with the demo data seeded on a loopback port, and runs Lighthouse 12 (mobile preset: simulated slow 4G,',
    '4x CPU slowdown; performance category only) in Debian\'s Chromium, one run at a time, each in a fresh browser.',
    `Each figure is the median of ${runs} runs; the audits are the failing ones with the largest estimated savings in the`,
    'median run (Lighthouse\'s `computeMedianRun`). The event page reveals itself 2 s after its data has loaded',
    '(platform.md §2), which its LCP cannot beat. The script rewrites this section each time.',
    '',
    `Measured ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, ${loadText}${busy ? ':' : ' (quiet).'}`,
    ...(busy ? ['a busy machine (other work running), so the figures are pessimistic; rerun on a quiet machine.'] : []),
    '',
    '| page | score (runs) | LCP | TBT | CLS | FCP | top audits |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((row) =>
      [
        `${row.label} \`${row.path}\``,
        `${median(row.scores)} (${row.scores.join(', ')})`,
        seconds(row.lcpMs),
        `${Math.round(row.tbtMs)} ms`,
        row.cls.toFixed(3),
        seconds(row.fcpMs),
        row.top.join('; ') || 'none',
      ].join(' | '),
    ).map((cells) => `| ${cells} |`),
    '',
  ];
  return lines.join('\n');
}

/** Replaces the "## Lighthouse" section (up to the next "## " heading), or adds it before "## Chat fan-out". */
function writeSection(section: string) {
  const doc = readFileSync(operationsDoc, 'utf8');
  const heading = /^## Lighthouse\b.*$/m.exec(doc);
  let next: string;
  if (heading) {
    const rest = doc.slice(heading.index + heading[0].length);
    const following = /^## /m.exec(rest);
    const end = following ? heading.index + heading[0].length + following.index : doc.length;
    next = `${doc.slice(0, heading.index)}${section}${following ? '\n' : ''}${doc.slice(end)}`;
  } else {
    const anchor = doc.indexOf('\n## Chat fan-out');
    next = anchor >= 0 ? `${doc.slice(0, anchor + 1)}${section}\n${doc.slice(anchor + 1)}` : `${doc.trimEnd()}\n\n${section}`;
  }
  writeFileSync(operationsDoc, next);
}

const startedAt = new Date();
const loadAtStart = loadavg()[0]!;
const server = await startServer();
try {
  const { db } = server.app.services;
  const episode = await firstRow(db.select({ id: podcastEpisodes.id }).from(podcastEpisodes).where(lte(podcastEpisodes.publishDate, new Date().toISOString())).orderBy(asc(podcastEpisodes.publishDate)).limit(1));
  const eventPath = await demoEventPagePath(db);
  if (!episode || !eventPath) throw new Error('The demo seed made no podcast episode or event page');
  const pages = [
    { label: 'sign-in', path: '/login', shown: '/login' },
    { label: 'episode', path: `/video/${episode.id}`, shown: '/video/{seeded episode}' },
    { label: 'event', path: eventPath, shown: eventPath },
  ];
  const rows: PageRow[] = [];
  for (const page of pages.filter(({ label }) => !onlyPages || onlyPages.includes(label))) {
    const results: Result[] = [];
    for (let run = 1; run <= runs; run += 1) {
      const lhr = await runWithRetries(`${server.url}${page.path}`);
      results.push(lhr);
      process.stdout.write(`${page.path} run ${run}/${runs}: score ${score(lhr)}, LCP ${seconds(numeric(lhr, 'largest-contentful-paint'))}, TBT ${Math.round(numeric(lhr, 'total-blocking-time'))} ms\n`);
    }
    rows.push(summarise(page.label, page.shown, results));
  }
  const section = markdownSection(rows, { start: loadAtStart, end: loadavg()[0]! }, startedAt);
  process.stdout.write(`\n${section}\n`);
  if (writeDoc) {
    writeSection(section);
    process.stdout.write(`Written to ${operationsDoc}\n`);
  }
} finally {
  await server.close();
}
