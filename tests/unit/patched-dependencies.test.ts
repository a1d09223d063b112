import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The server loads Fedify without core-js replacing built-ins: @fedify/vocab-runtime's import of jsonld's browser
 * build (which swaps JSON.stringify, Array.prototype.push and the Set methods on Node 20) is pointed at jsonld's Node
 * build by scripts/patch-dependencies.mjs, run after every install. Without it every serialized answer costs ~3x.
 * Checked in a plain `node` process loading the packages as the built server does (vitest's module runner loads that
 * browser build in a way that leaves the built-ins alone, so an in-process check would pass either way).
 */
const root = resolve(import.meta.dirname, '../..');

function runNode(script: string): string {
  return execFileSync(process.execPath, ['--input-type=module', '-e', script], { cwd: root, encoding: 'utf8' }).trim();
}

describe('dependencies the server loads', () => {
  it('leave JSON.stringify, Array.prototype.push and the Set methods as they were once Fedify is loaded', () => {
    const answer = runNode(`
      const [stringify, push, union] = [JSON.stringify, Array.prototype.push, Set.prototype.union];
      await import('@fedify/fedify');
      await import('@fedify/vocab');
      console.log(stringify({ stringify: JSON.stringify === stringify, push: Array.prototype.push === push, union: Set.prototype.union === union, coreJs: '__core-js_shared__' in globalThis }));
    `);
    expect(JSON.parse(answer)).toEqual({ stringify: true, push: true, union: true, coreJs: false });
  });

  it('still compacts JSON-LD with the jsonld Fedify uses', () => {
    const answer = runNode(`
      const { default: jsonld } = await import('@fedify/vocab-runtime/jsonld');
      const context = { name: 'https://www.w3.org/ns/activitystreams#name' };
      console.log(JSON.stringify(await jsonld.compact({ 'https://www.w3.org/ns/activitystreams#name': 'Night Shift' }, context)));
    `);
    expect(JSON.parse(answer)).toEqual({ '@context': { name: 'https://www.w3.org/ns/activitystreams#name' }, name: 'Night Shift' });
  });
});
