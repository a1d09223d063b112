import { describe, expect, it } from 'vitest';
import { eventBadge, type EventBadgeInput } from '@common/event-badge';

const now = Date.parse('2026-06-01T20:00:00.000Z');
const minutes = (count: number) => new Date(now + count * 60_000).toISOString();

function badge(input: Partial<EventBadgeInput>) {
  return eventBadge({ startDateTime: minutes(60), endDateTime: minutes(180), onAir: 'offline', streamProvider: null, ...input }, now);
}

describe('eventBadge: the stream decides, not the schedule', () => {
  it('says LIVE only while our own ingest is on air, whatever the schedule says', () => {
    expect(badge({ onAir: 'live' })).toEqual({ kind: 'live', text: 'LIVE' });
    expect(badge({ onAir: 'live', startDateTime: minutes(-300), endDateTime: minutes(-10) })).toEqual({ kind: 'live', text: 'LIVE' });
    expect(badge({ onAir: 'live', startDateTime: null, endDateTime: null }).kind).toBe('live');
    // Within the scheduled time but not on air: never LIVE.
    expect(badge({ startDateTime: minutes(-30), endDateTime: minutes(30) })).toEqual({ kind: 'starting-soon', text: 'Starting soon' });
  });

  it('shows "Starting soon" from 15 minutes before the start until on air, the start time before that', () => {
    expect(badge({ startDateTime: minutes(16) })).toEqual({ kind: 'scheduled', text: null });
    expect(badge({ startDateTime: minutes(15) }).text).toBe('Starting soon');
    expect(badge({ startDateTime: minutes(1) }).text).toBe('Starting soon');
    expect(badge({ startDateTime: minutes(-1) }).text).toBe('Starting soon');
    expect(badge({ startDateTime: null, endDateTime: null })).toEqual({ kind: 'scheduled', text: null });
  });

  it('shows "Ended" after the end, or once our own stream ended after the start', () => {
    expect(badge({ startDateTime: minutes(-120), endDateTime: minutes(-1) })).toEqual({ kind: 'ended', text: 'Ended' });
    expect(badge({ startDateTime: minutes(-120), endDateTime: minutes(0) }).text).toBe('Ended');
    expect(badge({ startDateTime: minutes(-60), endDateTime: minutes(60), onAir: 'ended' }).text).toBe('Ended');
    // A test stream ended before the start does not end the event.
    expect(badge({ startDateTime: minutes(10), onAir: 'ended' }).text).toBe('Starting soon');
  });

  it('shows "Streaming from {provider}" during the scheduled time of an externally played event, never LIVE', () => {
    expect(badge({ startDateTime: minutes(-10), endDateTime: minutes(50), streamProvider: 'YouTube' })).toEqual({ kind: 'external', text: 'Streaming from YouTube' });
    expect(badge({ startDateTime: minutes(10), streamProvider: 'Twitch' }).text).toBe('Starting soon');
    expect(badge({ startDateTime: minutes(60), streamProvider: 'Twitch' }).kind).toBe('scheduled');
    expect(badge({ startDateTime: minutes(-120), endDateTime: minutes(-60), streamProvider: 'Vimeo' }).text).toBe('Ended');
    // Our own ingest on air wins over the external source.
    expect(badge({ startDateTime: minutes(-10), streamProvider: 'YouTube', onAir: 'live' }).text).toBe('LIVE');
  });
});
