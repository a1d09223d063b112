import { useEffect, useRef, useState, type RefObject } from 'react';
import { CalendarDays, Clock, Play, Podcast } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDuration, relatedEpisodesCount, type PublicEpisode } from '@server/domains/podcasts/podcasts.schemas';
import { Spinner } from '@web/components/spinner';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';
import { EpisodeComments } from '@web/features/fediverse/public';
import { MissingPage } from '@web/features/pages/public';
import { EpisodeChapters, EpisodeTranscript, SubscribeRow } from './episode-extras-panels';

function isVideoEpisode(episode: PublicEpisode): boolean {
  return episode.isVideo || episode.mimeType.startsWith('video/');
}

/** Starts playback at once; when the browser refuses autoplay with sound, the player's own controls remain. */
function Player({ episode, media }: { episode: PublicEpisode; media: RefObject<HTMLMediaElement | null> }) {
  const { t } = useLingui();
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    setBlocked(false);
    element.play().catch(() => setBlocked(true));
    const started = () => setBlocked(false);
    element.addEventListener('play', started);
    return () => element.removeEventListener('play', started);
  }, [episode.id, media]);
  const common = {
    src: episode.fileUrl,
    controls: true,
    autoPlay: true,
    preload: 'auto' as const,
    'aria-label': t`Play ${episode.name}`,
    'data-testid': 'episode-player',
  };
  return (
    <div className="overflow-hidden rounded-xl bg-slate-900">
      {isVideoEpisode(episode) ? (
        <video ref={(element) => void (media.current = element)} {...common} playsInline poster={episode.imageUrl ?? undefined} className="aspect-video w-full bg-black" />
      ) : (
        <div className="flex flex-col items-center gap-6 p-6 sm:flex-row sm:p-8">
          <div className="size-48 shrink-0 overflow-hidden rounded-lg bg-slate-800 sm:size-56">
            {episode.imageUrl ? <img src={episode.imageUrl} alt="" className="size-full object-cover" /> : <Podcast className="m-12 size-24 text-slate-500" aria-hidden />}
          </div>
          <div className="w-full space-y-3">
            <audio ref={(element) => void (media.current = element)} {...common} className="w-full" />
            {blocked && (
              <button type="button" onClick={() => void media.current?.play().then(() => setBlocked(false))} className="inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700">
                <Play className="size-4" aria-hidden /> <Trans>Play</Trans>
              </button>
            )}
          </div>
        </div>
      )}
    </div>
  );
}

/** /video/{videoId}: public, full width, no navigation — the episode playing, its Fediverse comments, the creator's other episodes. */
export default function VideoPage() {
  const { t } = useLingui();
  const { videoId = '' } = useParams<{ videoId: string }>();
  const media = useRef<HTMLMediaElement | null>(null);
  const episode = trpc.podcasts.publicEpisode.useQuery({ id: videoId }, { retry: false });
  const related = trpc.podcasts.publicUserEpisodes.useQuery(
    { userId: episode.data?.userId ?? '', limit: relatedEpisodesCount, excludeEpisodeId: videoId },
    { enabled: !!episode.data },
  );
  useDocumentTitle(episode.data?.name);

  if (episode.isPending) return <Spinner label={t`Loading episode`} className="min-h-screen" />;
  if (episode.isError) return <MissingPage kind="episode" id={videoId} message={episode.error.message} />;
  const current = episode.data;

  return (
    <main className="min-h-screen w-full bg-slate-50">
      <div className="w-full space-y-6 px-4 py-6 sm:px-8">
        <Player episode={current} media={media} />
        <header className="space-y-2">
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase" data-testid="podcast-title">
            {current.podcastTitle}
          </p>
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{current.name}</h1>
          <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span data-testid="creator-name">{current.userName}</span>
            <span className="inline-flex items-center gap-1 font-mono" dir="ltr" data-testid="episode-duration">
              <Clock className="size-4" aria-hidden />
              {formatDuration(current.duration)}
            </span>
          </p>
          {current.podcastPagePath && (
            <Link href={current.podcastPagePath} className="me-4 inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline" data-testid="podcast-page-link">
              <Podcast className="size-4" aria-hidden />
              <Trans>All episodes of {current.podcastTitle}</Trans>
            </Link>
          )}
          {current.eventPagePath && (
            <Link href={current.eventPagePath} className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline" data-testid="event-page-link">
              <CalendarDays className="size-4" aria-hidden />
              <Trans>{current.userName}'s event page</Trans>
            </Link>
          )}
          {current.description && <p className="max-w-3xl whitespace-pre-line text-slate-700">{current.description}</p>}
        </header>
        <SubscribeRow feedUrl={current.feedUrl} titleName={current.podcastTitle} />
        {(current.chaptersUrl || current.transcriptUrl) && (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            {current.chaptersUrl && <EpisodeChapters key={current.id} url={current.chaptersUrl} media={media} />}
            {current.transcriptUrl && <EpisodeTranscript key={current.id} url={current.transcriptUrl} media={media} className={current.chaptersUrl ? undefined : 'lg:col-span-2'} />}
          </div>
        )}
        <EpisodeComments episodeId={current.id} />
        <section aria-labelledby="related-heading" className="space-y-3">
          <h2 id="related-heading" className="text-lg font-semibold text-slate-900">
            <Trans>More from {current.userName}</Trans>
          </h2>
          {related.isPending && <Spinner label={t`Loading related episodes`} className="py-6" />}
          {related.data?.length === 0 && (
            <p className="text-sm text-slate-500">
              <Trans>No other episodes yet.</Trans>
            </p>
          )}
          {!!related.data?.length && (
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {related.data.map((item) => (
                <li key={item.id}>
                  <Link href={`/video/${item.id}`} className="group flex gap-3 rounded-lg border border-slate-200 bg-white p-3 hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-500">
                    <div className="size-16 shrink-0 overflow-hidden rounded-md bg-slate-100">
                      {item.imageUrl ? <img src={item.imageUrl} alt="" className="size-full object-cover" /> : <Podcast className="m-4 size-8 text-slate-400" aria-hidden />}
                    </div>
                    <div className="min-w-0">
                      <p className="truncate font-medium text-slate-900 group-hover:text-brand-700">{item.name}</p>
                      <p className="truncate text-xs text-slate-500">{item.podcastTitle}</p>
                      <p className="font-mono text-xs text-slate-500" dir="ltr">
                        {formatDuration(item.duration)}
                      </p>
                    </div>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>
    </main>
  );
}
