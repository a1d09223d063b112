import { Link } from 'wouter';
import { Radio, Settings2 } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { parseStreamValue } from '@common/stream-url';
import { eventMessages } from '@server/domains/events/events.schemas';
import { i18n } from '@web/lib/i18n/i18n';
import { validationText } from '@web/lib/i18n/validation-texts';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';

const providerNames = { youtube: 'YouTube', twitch: 'Twitch', vimeo: 'Vimeo' } as const;

/** "YouTube · youtube.com" for the creator's profile stream source, or null when none is set. */
export function describeStreamSource(streamValue: string | null): string | null {
  const source = parseStreamValue(streamValue);
  if (source.kind === 'none' || !streamValue) return null;
  const host = new URL(streamValue.trim()).hostname.replace(/^www\./, '');
  const provider = source.kind === 'hls' ? 'HLS' : source.provider === 'embed' ? i18n._(msg`an embedded player`) : providerNames[source.provider];
  return `${provider} · ${host}`;
}

const linkClass = 'inline-flex items-center gap-1 font-medium text-brand-700 hover:underline';

/**
 * Where the event's stream comes from, as the event page decides it: our own ingest while the creator is live from
 * OBS (into this event, or the one a publish would go to now), else the profile's stream source, else nothing yet.
 */
export function StreamSourceNote({ eventId }: { eventId: string | null }) {
  const { t } = useLingui();
  const userId = useSession((state) => state.user?.id);
  const profile = trpc.profile.get.useQuery(undefined, { retry: false, staleTime: 30_000 });
  const dashboard = trpc.live.dashboard.useQuery(undefined, { enabled: !!eventId, retry: false, staleTime: 10_000 });
  if (!profile.data) return null;
  const liveHere = !!eventId && dashboard.data?.state === 'live' && dashboard.data.session?.eventId === eventId;
  const goesLiveHere = !!eventId && !liveHere && dashboard.data?.nextEvent?.id === eventId;
  const external = describeStreamSource(profile.data.streamValue);
  const lines = [
    liveHere ? t`Live now from OBS: this event plays your stream from this server.` : null,
    goesLiveHere ? t`Going live from OBS now streams into this event.` : null,
    external
      ? t`The event page plays your stream source (${external}) whenever you are not live from OBS.`
      : liveHere
        ? null
        : t`No stream yet: go live from OBS, or set a stream source (YouTube, Twitch, Vimeo or an HLS URL) in your profile.`,
    external ? validationText(eventMessages.premiumStreamOnly) : null,
  ].filter((line): line is string => !!line);
  return (
    <section aria-label={t`Stream`} data-testid="stream-source" className={liveHere || goesLiveHere ? 'space-y-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-900' : 'space-y-2 rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700'}>
      {lines.map((line) => (
        <p key={line} className="flex items-start gap-2">
          <Radio className="mt-0.5 size-4 shrink-0" aria-hidden />
          {line}
        </p>
      ))}
      <p className="flex flex-wrap gap-x-4 gap-y-1 ps-6">
        <Link href="/apps/live" className={linkClass}>
          <Radio className="size-4" aria-hidden /> <Trans>Go live page</Trans>
        </Link>
        {userId && (
          <Link href={`/profile/${userId}/about`} className={linkClass}>
            <Settings2 className="size-4" aria-hidden /> {external ? t`Change stream source` : t`Set a stream source`}
          </Link>
        )}
      </p>
    </section>
  );
}
