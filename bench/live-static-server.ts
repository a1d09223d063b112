/**
 * The yardstick for live playback: a bare Fastify 5 app with @fastify/static (defaults: ETag, Last-Modified,
 * Range) and nothing else, serving the app's HLS folder (`--root DATA_DIR/live`, read only) at the same paths
 * `/live/{sessionId}/{file}`, in its own process. Started by bench/live.ts; reports its port over IPC.
 */
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { serveBenchMessages } from './server-messages';

const rootIndex = process.argv.indexOf('--root');
const root = rootIndex >= 0 ? process.argv[rootIndex + 1] : undefined;
if (!root) throw new Error('live-static-server needs --root <folder>');

const app = Fastify({ logger: false });
await app.register(fastifyStatic, { root, prefix: '/live/' });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
serveBenchMessages({ port: typeof address === 'object' && address ? address.port : 0 }, () => app.close());
