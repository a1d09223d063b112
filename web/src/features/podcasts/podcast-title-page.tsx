import { useState } from 'react';
import { ArrowLeft, Copy, ExternalLink, Pencil, Plus, Podcast, Rss, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import { Link, useParams } from 'wouter';
import { t as translate } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { formatDuration, type PodcastEpisode } from '@server/domains/podcasts/podcasts.schemas';
import { appPagePaths } from '@common/page-paths';
import { Button, buttonClasses } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { formatDateTime, formatNumber } from '@web/lib/i18n/format';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';
import { ItemCount, useItemCounts } from '@web/features/analytics/public';
import { MembersOnlyBadge } from './members-only-badge';
import { TitleFormDialog } from './title-form-dialog';

/** "Season 1 · Episode 2", "Episode 3", or nothing. */
function numbering(episode: PodcastEpisode): string {
  const season = episode.seasonNumber === null ? null : formatNumber(episode.seasonNumber);
  const number = episode.episodeNumber === null ? null : formatNumber(episode.episodeNumber);
  return [season !== null && translate`Season ${season}`, number !== null && translate`Episode ${number}`].filter(Boolean).join(' · ');
}

/**
 * /apps/podcast-titles/{id} (and .../podcast-episodes): the podcast, its RSS link and its episodes. A members-only
 * podcast has no public feed or episode pages (both answer 404): members get it through their private feeds.
 */
export default function PodcastTitlePage() {
  const { t } = useLingui();
  const { podcastTitleId = '' } = useParams<{ podcastTitleId: string }>();
  const title = trpc.podcasts.getTitle.useQuery({ id: podcastTitleId });
  const episodes = trpc.podcasts.listEpisodes.useQuery({ podcastTitleId });
  const downloads = useItemCounts('episode', episodes.data?.map((episode) => episode.id) ?? []);
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState<PodcastEpisode | null>(null);
  const remove = trpc.podcasts.deleteEpisode.useMutation({
    onSuccess: async () => {
      toast.success(t`Episode deleted`);
      setDeleting(null);
      await utils.podcasts.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });
  useDocumentTitle(title.data?.name ?? t`Podcast`);

  if (title.isPending) return <Spinner label={t`Loading podcast`} className="py-20" />;
  if (title.isError) {
    return (
      <EmptyState title={title.error.message}>
        <Link href="/apps/podcast-titles" className="font-medium text-brand-700 hover:underline">
          <Trans>Back to podcasts</Trans>
        </Link>
      </EmptyState>
    );
  }
  const podcast = title.data;

  async function copyFeed() {
    try {
      await navigator.clipboard.writeText(podcast.feedUrl);
      toast.success(t`RSS link copied`);
    } catch {
      toast.error(t`Copying is not allowed here: select the link and copy it`);
    }
  }
  const deletingName = deleting?.name;
  const openLabel = (name: string) => t`Open the public page of ${name}`;
  const editLabel = (name: string) => t`Edit ${name}`;
  const deleteLabel = (name: string) => t`Delete ${name}`;

  return (
    <section className="space-y-6">
      <Link href="/apps/podcast-titles" className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden /> <Trans>Podcasts</Trans>
      </Link>
      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:p-6">
        <div className="size-32 shrink-0 overflow-hidden rounded-lg bg-slate-100">
          {podcast.imageUrl ? <img src={podcast.imageUrl} alt="" className="size-full object-cover" /> : <Podcast className="m-8 size-16 text-slate-400" aria-hidden />}
        </div>
        <div className="min-w-0 flex-1 space-y-3">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <h1 className="text-2xl font-bold text-slate-900">{podcast.name}</h1>
              {podcast.membersOnly && <MembersOnlyBadge />}
            </div>
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)}>
              <Pencil className="size-4" aria-hidden /> <Trans>Edit</Trans>
            </Button>
          </div>
          {podcast.description && <p className="text-sm whitespace-pre-line text-slate-600">{podcast.description}</p>}
          <div className="space-y-1">
            {podcast.membersOnly ? (
              <p className="text-sm text-slate-600" data-testid="members-only-feed-note">
                <Trans>
                  This podcast has no public RSS feed: it is for members only. Members of a tier that includes it get their private feed link from My memberships.{' '}
                  <Link href={appPagePaths.members} className="font-medium text-brand-700 hover:underline">
                    Choose the tiers in Members
                  </Link>
                </Trans>
              </p>
            ) : (
              <>
                <span className="flex items-center gap-1 text-xs font-semibold text-slate-500 uppercase">
                  <Rss className="size-3.5" aria-hidden /> <Trans>RSS feed</Trans>
                </span>
                <div className="flex items-center gap-2">
                  <input
                    readOnly
                    dir="ltr"
                    value={podcast.feedUrl}
                    aria-label={t`RSS feed link`}
                    className="h-9 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 text-sm text-slate-700"
                    onFocus={(event) => event.target.select()}
                  />
                  <Button size="sm" variant="secondary" onClick={() => void copyFeed()} aria-label={t`Copy RSS link`}>
                    <Copy className="size-4" aria-hidden /> <Trans>Copy</Trans>
                  </Button>
                </div>
              </>
            )}
            <p className="text-xs text-slate-500">
              {podcast.itunesType === 'serial' ? t`Serial` : t`Episodic`} · <Trans>Podcast GUID</Trans> <span className="font-mono break-all" data-testid="podcast-guid">{podcast.podcastGuid}</span>
            </p>
          </div>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">
          <Trans>Episodes</Trans>
        </h2>
        <Link href={`/apps/podcast-titles/${podcast.id}/podcast-episodes/new`} className={buttonClasses()}>
          <Plus className="size-4" aria-hidden /> <Trans>New episode</Trans>
        </Link>
      </div>
      {episodes.isPending && <Spinner label={t`Loading episodes`} className="py-10" />}
      {episodes.data?.length === 0 && (
        <EmptyState title={t`No episodes yet`}>
          <Trans>Upload an MP3, M4A/AAC, MP4 or WebM file to publish the first one.</Trans>
        </EmptyState>
      )}
      {!!episodes.data?.length && (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
          {episodes.data.map((episode) => (
            <li key={episode.id} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center" data-testid="episode-row">
              <div className="min-w-0 flex-1">
                <Link href={`/apps/podcast-titles/${podcast.id}/podcast-episodes/${episode.id}`} className="font-medium text-slate-900 hover:text-brand-700 hover:underline">
                  {episode.name}
                </Link>
                <p className="text-sm text-slate-500">
                  {numbering(episode) && <>{numbering(episode)} · </>}
                  <span className="font-mono" dir="ltr">
                    {formatDuration(episode.duration)}
                  </span>{' '}
                  · {formatDateTime(episode.publishDate, { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
                  {episode.isPublished ? (
                    <span className="text-green-700">
                      <Trans>Published</Trans>
                    </span>
                  ) : (
                    <span className="text-amber-700">
                      <Trans>Scheduled</Trans>
                    </span>
                  )}
                  {downloads && <> · <ItemCount counts={downloads} id={episode.id} kind="downloads" /></>}
                </p>
              </div>
              <div className="flex gap-2">
                {episode.isPublished && !podcast.membersOnly && (
                  <a href={`/video/${episode.id}`} target="_blank" rel="noreferrer" className={buttonClasses('ghost', 'sm')} aria-label={openLabel(episode.name)}>
                    <ExternalLink className="size-4" aria-hidden /> <Trans>Public page</Trans>
                  </a>
                )}
                <Link href={`/apps/podcast-titles/${podcast.id}/podcast-episodes/${episode.id}`} className={buttonClasses('secondary', 'sm')} aria-label={editLabel(episode.name)}>
                  <Pencil className="size-4" aria-hidden /> <Trans>Edit</Trans>
                </Link>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(episode)} aria-label={deleteLabel(episode.name)}>
                  <Trash2 className="size-4" aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing && <TitleFormDialog open title={podcast} onOpenChange={setEditing} />}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete this episode?`}
        confirmLabel={t`Delete episode`}
        busy={remove.isPending}
        destructive
        description={<Trans>“{deletingName}” and its files are removed and it leaves the RSS feed.</Trans>}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </section>
  );
}
