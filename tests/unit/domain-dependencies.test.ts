import { resolve } from 'node:path';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import { beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');

let result: ICruiseResult;

beforeAll(async () => {
  const previous = process.cwd();
  process.chdir(root);
  try {
    const tsConfigFile = resolve(root, 'tsconfig.json');
    // The rules of `npm run lint:deps`: the domain-cycle run's own, and the router rule of the layers' configuration.
    const options = await extractDepcruiseOptions(resolve(root, '.dependency-cruiser-domains.mjs'));
    const layers = await extractDepcruiseOptions(resolve(root, '.dependency-cruiser.mjs'));
    const routerRule = layers.ruleSet?.forbidden?.find((rule) => rule.name === 'routers-call-their-own-domain');
    if (!routerRule) throw new Error('.dependency-cruiser.mjs has no routers-call-their-own-domain rule');
    const answer = await cruise(
      ['server/domains'],
      { ...options, ruleSet: { forbidden: [...(options.ruleSet?.forbidden ?? []), routerRule] } },
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
