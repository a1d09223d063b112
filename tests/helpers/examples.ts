import { spawn } from 'node:child_process';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '../..');

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `examples/<script>` as a user would (`tsx`, CUEPOINT_URL and CUEPOINT_TOKEN set) against a listening server;
 * `onStdout` may act while it runs (e.g. send chat messages once it listens).
 */
export function exampleRunner(url: string) {
  return (script: string, args: string[], token: string, onStdout?: (text: string) => void, timeoutMs = 60_000): Promise<RunResult> =>
    new Promise((done, fail) => {
      const child = spawn(process.execPath, [resolve(root, 'node_modules/tsx/dist/cli.mjs'), `examples/${script}`, ...args], {
        cwd: root,
        env: { ...process.env, CUEPOINT_URL: url, CUEPOINT_TOKEN: token, NODE_OPTIONS: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      const timer = setTimeout(() => {
        child.kill();
        fail(new Error(`${script} did not finish: ${stdout} ${stderr}`));
      }, timeoutMs);
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        onStdout?.(stdout);
      });
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.on('close', (code) => {
        clearTimeout(timer);
        done({ code, stdout, stderr });
      });
    });
}
