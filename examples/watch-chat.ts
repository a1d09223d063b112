/**
 * Prints an event's chat live: the recent history first, then each new message as it is sent.
 *
 *   CUEPOINT_URL=http://localhost:3000 CUEPOINT_TOKEN=cp_... npx tsx examples/watch-chat.ts --event <eventId> [--max 10] [--timeout 60]
 *
 * Stops after --max messages or --timeout seconds (default: runs until Ctrl-C).
 */
import { parseOptions } from './args';
import { cuepointClientFromEnv } from '../client/index';

const { values } = parseOptions({ event: { type: 'string' }, max: { type: 'string' }, timeout: { type: 'string' } });
if (!values.event) {
  console.error('Usage: npx tsx examples/watch-chat.ts --event <eventId> [--max <messages>] [--timeout <seconds>]');
  process.exit(2);
}
const max = values.max ? Number(values.max) : Infinity;
const timeoutSeconds = values.timeout ? Number(values.timeout) : undefined;

const client = cuepointClientFromEnv();
let printed = 0;

const done = (code: number) => {
  subscription.unsubscribe();
  void client.close().finally(() => process.exit(code));
};

const subscription = client.chat.messages.subscribe(
  { eventId: values.event },
  {
    onData: ({ data: item }) => {
      if (item.type === 'message') {
        const time = new Date(item.message.createdAt).toISOString().slice(11, 19);
        console.log(`[${time}] ${item.message.displayName}: ${item.message.text}`);
        printed += 1;
        if (printed >= max) done(0);
      } else if (item.type === 'deleted') {
        console.log(`(message ${item.messageId} was deleted)`);
      } else if (item.type === 'state') {
        console.log(item.state === 'reconnecting' ? '(live messages paused: the server is reconnecting)' : '(live again)');
      } else {
        console.log(`(user ${item.userId} was ${item.type})`);
      }
    },
    onError: (error) => {
      console.error(`Chat stream failed: ${error.message}`);
      done(1);
    },
  },
);

if (timeoutSeconds !== undefined) setTimeout(() => done(0), timeoutSeconds * 1000).unref();
process.on('SIGINT', () => done(0));
