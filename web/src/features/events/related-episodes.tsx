import { Headphones } from 'lucide-react';
import { Trans } from '@lingui/react/macro';
import { formatDuration, relatedEpisodesCount, type PublicEpisode } from '@server/domains/podcasts/podcasts.schemas';
import { trpc } from '@web/lib/trpc';

/** The creator's recent public episodes (the data of `GET /api/podcast/{userId}/user-podcast-episodes/20`). */
export function useRelatedEpisodes(userId: string | undefined) {
  return trpc.podcasts.publicUserEpisodes.useQuery({ userId: userId ?? '', limit: relatedEpisodesCount }, { enabled: !!userId, retry: false });
}

/** The related episodes of the event page (platform.md §2), each opening its public player page. */
export function RelatedEpisodes({ episodes, failed }: { episodes: PublicEpisode[]; failed: boolean }) {
  if (failed) return <p className="text-sm text-slate-500">
        <Trans>The episodes could not be loaded.</Trans>
      </p>;
  if (episodes.length === 0) return <p className="text-sm text-slate-500">
        <Trans>No episodes yet.</Trans>
      </p>;
  return (
    <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
      {episodes.map((episode) => (
        <li key={episode.id}>
          <a href={`/video/${encodeURIComponent(episode.id)}`} className="flex gap-3 rounded-lg border border-slate-200 bg-white p-2 hover:border-brand-500 hover:bg-brand-50">
            {episode.imageUrl ? (
              <img src={episode.imageUrl} alt="" className="size-16 shrink-0 rounded-md object-cover" />
            ) : (
              <span className="flex size-16 shrink-0 items-center justify-center rounded-md bg-slate-100 text-slate-500">
                <Headphones className="size-6" aria-hidden />
              </span>
            )}
            <span className="min-w-0">
              <span className="block truncate text-sm font-medium text-slate-900">{episode.name}</span>
              <span className="block truncate text-xs text-slate-600">{episode.podcastTitle}</span>
              <span className="block text-xs text-slate-500">{formatDuration(episode.duration)}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
