/**
 * The yardstick: a bare Fastify 5 app (no plugins, no hooks) with one JSON route, in its own process.
 * Started by bench/run.ts; reports its port over IPC and exits when told to.
 */
import Fastify from 'fastify';
import { serveBenchMessages } from './server-messages';

const app = Fastify({ logger: false });
app.get('/bare', async () => ({ status: 'ok' }));
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
serveBenchMessages({ port: typeof address === 'object' && address ? address.port : 0 }, () => app.close());
