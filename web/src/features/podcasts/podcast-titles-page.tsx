import { useState } from 'react';
import { Pencil, Plus, Podcast, Trash2, Video } from 'lucide-react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PodcastTitle } from '@server/domains/podcasts/podcasts.schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { Spinner } from '@web/components/spinner';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';
import { MembersOnlyBadge } from './members-only-badge';
import { TitleFormDialog } from './title-form-dialog';

/** /apps/podcast-titles: the creator's podcasts with their covers; create, edit and delete. */
export default function PodcastTitlesPage() {
  const { t } = useLingui();
  useDocumentTitle(t`Podcasts`);
  const titles = trpc.podcasts.listTitles.useQuery();
  const utils = trpc.useUtils();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<PodcastTitle | null>(null);
  const [deleting, setDeleting] = useState<PodcastTitle | null>(null);
  const remove = trpc.podcasts.deleteTitle.useMutation({
    onSuccess: async () => {
      toast.success(t`Podcast deleted`);
      setDeleting(null);
      await utils.podcasts.invalidate();
    },
    onError: (error) => toast.error(error.message),
  });

  const editLabel = (name: string) => t`Edit ${name}`;
  const deleteLabel = (name: string) => t`Delete ${name}`;
  const deletingName = deleting?.name;
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Podcasts</Trans>
        </h1>
        <Button onClick={() => setCreating(true)}>
          <Plus className="size-4" aria-hidden /> <Trans>New podcast</Trans>
        </Button>
      </div>
      {titles.isPending && <Spinner label={t`Loading podcasts`} className="py-20" />}
      {titles.isError && <EmptyState title={t`The podcasts could not be loaded`}>{titles.error.message}</EmptyState>}
      {titles.data?.length === 0 && (
        <EmptyState title={t`No podcasts yet`} icon={<Podcast className="size-10" aria-hidden />}>
          <Trans>Create your first podcast, then upload its episodes. Its RSS feed is ready for podcast apps at once.</Trans>
        </EmptyState>
      )}
      {!!titles.data?.length && (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {titles.data.map((title) => (
            <li key={title.id} className="flex flex-col overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="podcast-title-card">
              <Link href={`/apps/podcast-titles/${title.id}`} className="group block focus-visible:outline-2 focus-visible:outline-brand-500">
                <div className="aspect-square bg-slate-100">
                  {title.imageUrl ? (
                    <img src={title.imageUrl} alt="" className="size-full object-cover" />
                  ) : (
                    <div className="flex size-full items-center justify-center text-slate-400">
                      <Podcast className="size-16" aria-hidden />
                    </div>
                  )}
                </div>
                <div className="space-y-1 p-4">
                  <h2 className="flex items-center gap-2 font-semibold text-slate-900 group-hover:text-brand-700">
                    {title.isVideo && <Video className="size-4 text-slate-500" aria-label={t`Video podcast`} />}
                    {title.name}
                  </h2>
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-500">
                    <Plural value={title.episodeCount} one="# episode" other="# episodes" />
                    {title.membersOnly && <MembersOnlyBadge />}
                  </p>
                </div>
              </Link>
              <div className="mt-auto flex gap-2 border-t border-slate-100 p-3">
                <Button size="sm" variant="secondary" onClick={() => setEditing(title)} aria-label={editLabel(title.name)}>
                  <Pencil className="size-4" aria-hidden /> <Trans>Edit</Trans>
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(title)} aria-label={deleteLabel(title.name)}>
                  <Trash2 className="size-4" aria-hidden /> <Trans>Delete</Trans>
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating && <TitleFormDialog open onOpenChange={setCreating} />}
      {editing && <TitleFormDialog open title={editing} onOpenChange={(open) => !open && setEditing(null)} />}
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t`Delete this podcast?`}
        confirmLabel={t`Delete podcast`}
        busy={remove.isPending}
        destructive
        description={<Trans>“{deletingName}” and all its episodes and files are removed, and its RSS feed stops working.</Trans>}
        onConfirm={() => deleting && remove.mutate({ id: deleting.id })}
      />
    </section>
  );
}
