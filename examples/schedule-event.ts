/**
 * Schedules an event (needs the scope events:write).
 *
 *   CUEPOINT_URL=... CUEPOINT_TOKEN=cp_... npx tsx examples/schedule-event.ts --name "Friday Night Live" \
 *     --start 2026-12-04T21:00:00Z [--minutes 120] [--description "..."] [--premium-price 9.99] [--inactive]
 *
 * Without --start the event is "TBA". Prints the new event's id.
 */
import { parseOptions } from './args';
import { cuepointClientFromEnv } from '../client/index';

const { values } = parseOptions({
  name: { type: 'string' },
  start: { type: 'string' },
  minutes: { type: 'string', default: '120' },
  description: { type: 'string', default: '' },
  'premium-price': { type: 'string' },
  inactive: { type: 'boolean', default: false },
});

async function main() {
  if (!values.name) throw new Error('Usage: npx tsx examples/schedule-event.ts --name <name> [--start <ISO time>] [--minutes 120] [--premium-price 9.99]');
  const start = values.start ? new Date(values.start) : null;
  if (start && Number.isNaN(start.getTime())) throw new Error(`--start is not a date: ${values.start}`);
  const minutes = Number(values.minutes);
  if (!Number.isFinite(minutes) || minutes <= 0) throw new Error('--minutes must be a positive number');
  const premiumPrice = values['premium-price'] ? Number(values['premium-price']) : 0;

  const client = cuepointClientFromEnv();
  const event = await client.events.create.mutate({
    name: values.name,
  description: values.description,
    startDateTime: start ? start.toISOString() : null,
    endDateTime: start ? new Date(start.getTime() + minutes * 60_000).toISOString() : null,
    isPremium: premiumPrice > 0,
    premiumPrice,
    isActive: !values.inactive,
  });
  console.log(`Scheduled ${event.name} (${event.startDateTime ?? 'TBA'}): ${event.id}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
});
