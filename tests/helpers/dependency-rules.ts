import { join, resolve } from 'node:path';
import { cruise, type ICruiseResult, type IViolation } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

export const projectRoot = resolve(import.meta.dirname, '../..');

/**
 * What `npm run lint:deps` reports with the project's rules (`configFile`, .dependency-cruiser.mjs by default) when it
 * cruises `paths` from `cwd` (a fixture tree or the project), resolving aliases with `cwd`'s tsconfig.json.
 */
export async function ruleViolations(cwd: string, paths: string[], configFile = '.dependency-cruiser.mjs'): Promise<IViolation[]> {
  const previous = process.cwd();
  process.chdir(cwd);
  try {
    const options = await extractDepcruiseOptions(join(projectRoot, configFile));
    const tsConfigFile = join(cwd, 'tsconfig.json');
    const answer = await cruise(paths, { ...options, tsConfig: { fileName: tsConfigFile } }, undefined, { tsConfig: extractTSConfig(tsConfigFile) });
    return (answer.output as ICruiseResult).summary.violations;
  } finally {
    process.chdir(previous);
  }
}

/** The violations as `rule: from → to`, sorted. */
export async function ruleViolationLines(cwd: string, paths: string[], configFile?: string): Promise<string[]> {
  return (await ruleViolations(cwd, paths, configFile)).map((violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`).sort();
}
