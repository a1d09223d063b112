// Starts the media worker from the TypeScript sources (development and tests): tsx's loader registered inside
// this worker thread, then the worker module. The production build runs the bundled media-worker.js directly.
import { workerData } from 'node:worker_threads';

const { register } = await import('tsx/esm/api');
register();
await import(workerData.entry);
