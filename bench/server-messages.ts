/** What a benchmark server (bench/bare-server.ts, bench/app-server.ts) tells bench/run.ts over IPC. */
export interface ServerMessage<T> {
  ready?: T;
  cpuMicros?: number;
}

/**
 * Reports `ready` once, then answers `cpu` with the process's CPU time so far and `stop` by closing and exiting.
 */
export function serveBenchMessages<T>(ready: T, close: () => Promise<void>): void {
  process.send?.({ ready } satisfies ServerMessage<T>);
  process.on('message', (message) => {
    if (message === 'cpu') {
      const usage = process.cpuUsage();
      process.send?.({ cpuMicros: usage.user + usage.system } satisfies ServerMessage<T>);
    } else if (message === 'stop') {
      void close().then(() => process.exit(0));
    }
  });
}
