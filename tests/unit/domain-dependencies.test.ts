import { resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

let result: ICruiseResult;

beforeAll(async () => {
  const previous = process.cwd();
  process.chdir(root);
  try {
    const tsConfigFile = resolve(root, 'tsconfig.json');
    const answer = await cruise(
      ['server/domains'],
      {
        includeOnly: '^server/domains/',
        validate: true,
        tsPreCompilationDeps: true,
        tsConfig: { fileName: tsConfigFile },
        ruleSet: {
          forbidden: [
            // A domain is its folder: a cycle between folders, type-only imports included, is a domain-level cycle.
            { name: 'no-domain-cycles', severity: 'error', scope: 'folder', from: {}, to: { circular: true } },
            { name: 'routers-call-their-own-domain', severity: 'error', from: { path: '^server/domains/([^/]+)/.+[.]router[.]ts$' }, to: { pathNot: '^server/domains/$1/|[.]schemas[.]ts$' } },
          ],
        },
      },
      undefined,
      { tsConfig: extractTSConfig(tsConfigFile) },
    );
    result = answer.output as ICruiseResult;
  } finally {
    process.chdir(previous);
  }
}, 60_000);

function violations(rule: string): string[] {
  return result.summary.violations.filter((violation) => violation.rule.name === rule).map((violation) => `${violation.from} → ${violation.to}`);
}

describe('dependencies between domains', () => {
  it('cruises the domains with their aliases resolved', () => {
    const payments = result.modules.find((module) => module.source === 'server/domains/subscriptions/subscription-sync.ts');
    expect(payments?.dependencies.map((dependency) => dependency.resolved)).toContain('server/domains/payments/payment-records.ts');
  });

  it('form no cycle: a domain hears of another one’s facts through domain events', () => {
    const cycles = result.summary.violations.filter((violation) => violation.rule.name === 'no-domain-cycles');
    expect(cycles.map((violation) => [violation.from, ...(violation.cycle ?? []).map((step) => step.name)].join(' → '))).toEqual([]);
  });

  it('let routers call only their own domain (other domains’ schemas aside)', () => {
    expect(violations('routers-call-their-own-domain')).toEqual([]);
  });
});
