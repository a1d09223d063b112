import { MessageCircle } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { formatDate } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { CommentAuthor, CommentAvatar } from './comment-author';

export const episodeCommentsHeading = msg`Comments from the Fediverse`;

const commentDate = (iso: string) => formatDate(iso, { dateStyle: 'medium' });

/**
 * An episode's approved Fediverse comments, oldest first, for anyone. Nothing shows while they load, when there are
 * none, or when the episode has none to show (a members-only or premium replay's: the server answers not found).
 */
export function EpisodeComments({ episodeId }: { episodeId: string }) {
  const { t } = useLingui();
  const comments = trpc.federation.episodeComments.useQuery({ episodeId }, { retry: false });
  if (!comments.data?.length) return null;
  return (
    <section aria-labelledby="episode-comments-heading" className="max-w-3xl space-y-3">
      <h2 id="episode-comments-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
        <MessageCircle className="size-5" aria-hidden />
        {t(episodeCommentsHeading)}
      </h2>
      <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white" aria-label={t(episodeCommentsHeading)}>
        {comments.data.map((comment) => (
          <li key={comment.id} className="flex gap-3 p-3" aria-label={t`Comment by ${comment.author.handle}`}>
            <CommentAvatar author={comment.author} />
            <div className="min-w-0 space-y-1">
              <p className="text-sm">
                <CommentAuthor author={comment.author} /> ·{' '}
                <time dateTime={comment.createdAt} className="text-slate-500">
                  {commentDate(comment.createdAt)}
                </time>
              </p>
              <p className="text-sm break-words whitespace-pre-wrap text-slate-800">{comment.content}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
