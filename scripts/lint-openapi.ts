/**
 * `npm run lint:openapi`: builds /api/openapi.json the way the server does (a test config, no server), writes it to a
 * temp file and lints it with Redocly's `recommended` ruleset, offline. Fails on any error; warnings are listed.
 * `--public-url=https://...` lints the document as a server with that PUBLIC_URL serves it.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { loadConfig } from '@server/config';
import { restOpenApiDocument } from '@server/domains/openapi/openapi.rest';
import { projectPath } from '@common/node/project-paths';

export interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  pointer: string;
}

export interface LintResult {
  errors: number;
  warnings: number;
  problems: LintProblem[];
}

interface RedoclyJson {
  totals: { errors: number; warnings: number };
  problems: Array<{ ruleId: string; severity: 'error' | 'warn'; message: string; location: Array<{ pointer: string }> }>;
}

/** Redocly's telemetry and update check are the CLI's only network calls; both off (and no terminal for the notice). */
const offline = { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', REDOCLY_SUPPRESS_NOTIFICATIONS: 'true' };

/** Lints one OpenAPI document with `redocly lint --extends recommended` (the pinned @redocly/cli from node_modules). */
export async function lintOpenApi(document: unknown): Promise<LintResult> {
  const folder = mkdtempSync(join(tmpdir(), 'cuepoint-openapi-'));
  try {
    const file = join(folder, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const cli = projectPath('node_modules', '@redocly', 'cli', 'bin', 'cli.js');
    const args = [cli, 'lint', file, '--extends', 'recommended', '--format', 'json', '--max-problems', '10000'];
    const child = spawn(process.execPath, args, { cwd: projectPath(), env: { ...process.env, ...offline }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve, reject) => child.on('error', reject).on('close', resolve));
    let report: RedoclyJson;
    try {
      report = JSON.parse(stdout) as RedoclyJson;
    } catch {
      throw new Error(`redocly lint did not report (exit ${code}):\n${stderr || stdout}`);
    }
    const problems = report.problems.map((problem) => ({
      ruleId: problem.ruleId,
      severity: problem.severity,
      message: problem.message,
      pointer: problem.location[0]?.pointer ?? '',
    }));
    return { errors: report.totals.errors, warnings: report.totals.warnings, problems };
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const publicUrl = process.argv.find((argument) => argument.startsWith('--public-url='))?.slice('--public-url='.length);
  // Only read, never created: the document needs nothing but the config's PUBLIC_URL.
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: join(tmpdir(), 'cuepoint-lint-openapi'),
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'lint-openapi-only-lint-openapi-only-00',
    ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
  });
  const result = await lintOpenApi(restOpenApiDocument(config));
  for (const problem of result.problems) {
    console.log(`${problem.severity === 'error' ? 'error' : 'warning'}  ${problem.ruleId}  ${problem.pointer}\n    ${problem.message}`);
  }
  console.log(`OpenAPI document (Redocly recommended): ${result.errors} error(s), ${result.warnings} warning(s).`);
  if (result.errors > 0) process.exitCode = 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
