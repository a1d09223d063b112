// Runs after every `npm install` / `npm ci` (package.json "postinstall"); plain Node, no dependencies, idempotent.
//
// @fedify/vocab-runtime 2.3.6 imports `jsonld/dist/jsonld.esm.js`, jsonld's browser build. That file carries core-js
// and, when it loads on Node 20, replaces JSON.stringify (a replacer on every key, because Node 20 has no
// JSON.rawJSON), Array.prototype.push and the Set methods process-wide: every answer the server serializes took about
// three times as long. jsonld's Node build (its package main, `jsonld`) has the same API and touches no global.
// tests/unit/patched-dependencies.test.ts fails when the browser build loads again.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const patches = [
  { file: 'node_modules/@fedify/vocab-runtime/dist/jsonld.js', from: '"jsonld/dist/jsonld.esm.js"', to: '"jsonld"' },
  { file: 'node_modules/@fedify/vocab-runtime/dist/jsonld.cjs', from: '"jsonld/dist/jsonld.esm.js"', to: '"jsonld"' },
];

for (const { file, from, to } of patches) {
  const path = join(root, file);
  if (!existsSync(path)) continue;
  const text = readFileSync(path, 'utf8');
  if (text.includes(from)) writeFileSync(path, text.split(from).join(to));
}
