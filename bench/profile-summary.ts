/**
 * Prints the top entries of a V8 CPU profile (from `node --cpu-prof`) by self time, grouped by function and file.
 * With --inclusive, by total time instead (the function and everything it called; each sample counted once per
 * function on its stack), which shows what a request path costs as a whole.
 * Usage: npx tsx bench/profile-summary.ts <file.cpuprofile> [--top 25] [--inclusive]
 */
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

const file = process.argv[2];
if (!file) throw new Error('Usage: bench/profile-summary.ts <file.cpuprofile> [--top 25]');
const topIndex = process.argv.indexOf('--top');
const top = topIndex >= 0 ? Number(process.argv[topIndex + 1]) || 25 : 25;
const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;

const nodeById = new Map(profile.nodes.map((node) => [node.id, node]));
const selfMicros = new Map<number, number>();
profile.samples.forEach((id, index) => selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0)));

function shortUrl(url: string): string {
  const modules = /node_modules\/(.*)$/.exec(url);
  if (modules) return modules[1]!;
  const project = /\/(server|db|bench|seed)\/(.*)$/.exec(url);
  if (project) return `${project[1]}/${project[2]}`;
  return url.replace(/^node:/, 'node:') || '(native)';
}

const inclusive = process.argv.includes('--inclusive');
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

function entryKey(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'}  ${shortUrl(url)}${url ? `:${lineNumber + 1}` : ''}`;
}

/** The entries a sample counts for: its own function, or with --inclusive every function on its stack (once each). */
function entriesOf(id: number): Set<string> {
  const keys = new Set<string>();
  for (let current: number | undefined = id; current !== undefined; current = inclusive ? parentOf.get(current) : undefined) {
    const node = nodeById.get(current);
    if (node && node.callFrame.functionName !== '(root)') keys.add(entryKey(node));
  }
  return keys;
}

const byEntry = new Map<string, number>();
let total = 0;
for (const [id, micros] of selfMicros) {
  if (!nodeById.has(id)) continue;
  total += micros;
  for (const key of entriesOf(id)) byEntry.set(key, (byEntry.get(key) ?? 0) + micros);
}

const busy = total - (byEntry.get('(idle)  (native)') ?? 0);
const column = inclusive ? 'total' : 'self';
process.stdout.write(`| ${column} % of busy | ${column} ms | function  location |\n|---:|---:|---|\n`);
for (const [key, micros] of [...byEntry].filter(([key]) => !key.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top)) {
  process.stdout.write(`| ${((micros / busy) * 100).toFixed(1)}% | ${(micros / 1000).toFixed(0)} | \`${key}\` |\n`);
}
process.stdout.write(`\nbusy ${(busy / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled\n`);
