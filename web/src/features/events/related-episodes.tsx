import { useQuery } from '@tanstack/react-query';
import { Headphones } from 'lucide-react';
import { api, ApiError } from '@web/lib/api';

/** An episode as the related-episodes list shows it (platform.md §3 "Episode (public)"). */
export interface RelatedEpisode {
  id: string;
  name: string;
  duration: number;
  imageUrl: string | null;
  podcastTitle: string;
}

export const relatedEpisodesCount = 20;

type EpisodeWire = { id?: unknown; name?: unknown; duration?: unknown; imageUrl?: unknown; podcastTitle?: unknown };

function toEpisode(wire: EpisodeWire): RelatedEpisode | null {
  if (typeof wire.id !== 'string' && typeof wire.id !== 'number') return null;
  const title = wire.podcastTitle;
  return {
    id: String(wire.id),
    name: typeof wire.name === 'string' ? wire.name : '',
    duration: typeof wire.duration === 'number' ? wire.duration : 0,
    imageUrl: typeof wire.imageUrl === 'string' && wire.imageUrl ? wire.imageUrl : null,
    podcastTitle: typeof title === 'string' ? title : title && typeof title === 'object' && 'name' in title && typeof title.name === 'string' ? title.name : '',
  };
}

/**
 * The creator's recent episodes from the documented `GET /api/podcast/{userId}/user-podcast-episodes/20`.
 * Until the podcasts feature serves that path it answers 404, which means "no episodes yet".
 */
export function useRelatedEpisodes(userId: string | undefined) {
  return useQuery({
    queryKey: ['related-episodes', userId],
    enabled: !!userId,
    retry: false,
    queryFn: async (): Promise<RelatedEpisode[]> => {
      try {
        const answer = await api<unknown>(`/api/podcast/${encodeURIComponent(userId!)}/user-podcast-episodes/${relatedEpisodesCount}`, { token: null });
        const list = Array.isArray(answer) ? answer : [];
        return list.map((item) => toEpisode(item as EpisodeWire)).filter((episode): episode is RelatedEpisode => episode !== null);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return [];
        throw error;
      }
    },
  });
}

/** Seconds as HH:MM:SS (platform.md §9). */
export function formatDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds));
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor((seconds % 3600) / 60))}:${pad(seconds % 60)}`;
}

export function RelatedEpisodes({ episodes, failed }: { episodes: RelatedEpisode[]; failed: boolean }) {
  if (failed) return <p className="text-sm text-slate-500">The episodes could not be loaded.</p>;
  if (episodes.length === 0) return <p className="text-sm text-slate-500">No episodes yet.</p>;
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
              {episode.podcastTitle && <span className="block truncate text-xs text-slate-600">{episode.podcastTitle}</span>}
              <span className="block text-xs text-slate-500">{formatDuration(episode.duration)}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
