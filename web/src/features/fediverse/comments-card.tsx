import type { ReactNode } from 'react';
import { Check, EyeOff, X } from 'lucide-react';
import { Link } from 'wouter';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { toast } from 'sonner';
import type { CommentOutput } from '@server/domains/federation/federation.schemas';
import { Button } from '@web/components/button';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { SkeletonList } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import { CommentAuthor, CommentAvatar } from './comment-author';
import { episodePagePath, formatWhen } from './federation-state';

export const noCommentsText = msg`No comments yet. Replies to your episode posts on the Fediverse wait here for your approval before they show under the episode.`;

function useCommentActions() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const refresh = () => utils.federation.comments.invalidate();
  const fail = (fallback: string) => (error: unknown) => toast.error(failureMessage(error, fallback));
  return {
    approve: trpc.federation.approveComment.useMutation({ onSuccess: refresh, onError: fail(t`The comment could not be approved. Please try again.`) }),
    reject: trpc.federation.rejectComment.useMutation({ onSuccess: refresh, onError: fail(t`The comment could not be rejected. Please try again.`) }),
  };
}

/** Who wrote it (linked to their profile), on which episode, when it came, the text as plain text, and its buttons. */
function CommentRow({ comment, children }: { comment: CommentOutput; children: ReactNode }) {
  const { t } = useLingui();
  const handle = comment.author.handle;
  const episodeLink = (
    <Link href={episodePagePath(comment.episodeId)} className="font-medium text-brand-700 hover:underline">
      {comment.episodeName}
    </Link>
  );
  const when = <time dateTime={comment.createdAt}>{formatWhen(comment.createdAt)}</time>;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3" aria-label={t`Comment by ${handle}`}>
      <div className="flex min-w-0 flex-1 gap-3">
        <CommentAvatar author={comment.author} />
        <div className="min-w-0 space-y-1">
          <p className="text-sm">
            <CommentAuthor author={comment.author} />
          </p>
          <p className="text-xs text-slate-500">
            <Trans>
              on {episodeLink} · {when}
            </Trans>
          </p>
          <p className="text-sm break-words whitespace-pre-wrap text-slate-800" data-testid="comment-text">
            {comment.content}
          </p>
        </div>
      </div>
      <span className="flex flex-wrap gap-2">{children}</span>
    </li>
  );
}

/** Fediverse replies to the creator's episodes: pending ones to approve or reject, approved ones (shown under the episode) to hide. */
export function CommentsCard() {
  const { t } = useLingui();
  const comments = trpc.federation.comments.useQuery();
  const actions = useCommentActions();
  const busyId = actions.approve.isPending ? actions.approve.variables?.commentId : actions.reject.isPending ? actions.reject.variables?.commentId : undefined;
  const decide = (comment: CommentOutput, decision: 'approve' | 'reject', done: string) =>
    actions[decision].mutate({ commentId: comment.id }, { onSuccess: () => toast.success(done) });

  return (
    <section aria-labelledby="fediverse-comments-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="fediverse-comments-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Comments</Trans>
        </h2>
        {comments.data && (
          <p className="text-sm text-slate-600">
            <Plural value={comments.data.filter((comment) => comment.status === 'pending').length} one="# waiting" other="# waiting" />
          </p>
        )}
      </div>
      <QueryState
        query={comments}
        loading={<SkeletonList rows={2} label={t`Loading comments`} />}
        errorTitle={t`Your comments could not be loaded`}
        empty={<p className="text-sm text-slate-500">{t(noCommentsText)}</p>}
      >
        {(list) => {
          const pending = list.filter((comment) => comment.status === 'pending');
          const approved = list.filter((comment) => comment.status === 'approved');
          return (
            <div className="space-y-4">
              {pending.length > 0 && (
                <ul className="divide-y divide-slate-100 rounded-md border border-amber-200 bg-amber-50/40" aria-label={t`Comments waiting for approval`}>
                  {pending.map((comment) => (
                    <CommentRow key={comment.id} comment={comment}>
                      <Button
                        size="sm"
                        busy={busyId === comment.id && actions.approve.isPending}
                        disabled={busyId === comment.id}
                        onClick={() => decide(comment, 'approve', t`Comment approved: it shows under the episode`)}
                        aria-label={t`Approve the comment by ${comment.author.handle}`}
                      >
                        <Check className="size-4" aria-hidden /> <Trans>Approve</Trans>
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        busy={busyId === comment.id && actions.reject.isPending}
                        disabled={busyId === comment.id}
                        onClick={() => decide(comment, 'reject', t`Comment rejected`)}
                        aria-label={t`Reject the comment by ${comment.author.handle}`}
                      >
                        <X className="size-4" aria-hidden /> <Trans>Reject</Trans>
                      </Button>
                    </CommentRow>
                  ))}
                </ul>
              )}
              {approved.length > 0 && (
                <div className="space-y-2">
                  <h3 className="text-sm font-semibold text-slate-700">
                    <Trans>Approved</Trans>
                  </h3>
                  <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={t`Approved comments`}>
                    {approved.map((comment) => (
                      <CommentRow key={comment.id} comment={comment}>
                        <Button
                          size="sm"
                          variant="ghost"
                          busy={busyId === comment.id}
                          onClick={() => decide(comment, 'reject', t`Comment hidden`)}
                          aria-label={t`Hide the comment by ${comment.author.handle}`}
                        >
                          <EyeOff className="size-4" aria-hidden /> <Trans>Hide</Trans>
                        </Button>
                      </CommentRow>
                    ))}
                  </ul>
                </div>
              )}
            </div>
          );
        }}
      </QueryState>
    </section>
  );
}
