/**
 * Lists your events (needs the scope events:read).
 *
 *   CUEPOINT_URL=http://localhost:3000 CUEPOINT_TOKEN=cp_... npx tsx examples/list-events.ts [--json]
 */
import { parseOptions } from './args';
import { cuepointClientFromEnv } from '../client/index';

const { values } = parseOptions({ json: { type: 'boolean', default: false } });

async function main() {
  const client = cuepointClientFromEnv();
  const events = await client.events.list.query();
  if (values.json) {
    console.log(JSON.stringify(events, null, 2));
    return;
  }
  if (!events.length) {
    console.log('No events yet.');
    return;
  }
  for (const event of events) {
    const when = event.startDateTime ? `${event.startDateTime} → ${event.endDateTime}` : 'TBA';
    const price = event.isPremium ? `premium $${event.premiumPrice.toFixed(2)}` : 'free';
    console.log(`${event.id}\t${when}\t${event.name}\t${price}\t${event.isActive ? 'active' : 'inactive'}`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
