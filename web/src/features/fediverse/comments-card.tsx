import type { ReactNode } from 'react';
import { Check, EyeOff, X } from 'lucide-react';
import { Link } from 'wouter';
import { toast } from 'sonner';
import type { CommentOutput } from '@server/domains/federation/federation.schemas';
import { Button } from '@web/components/button';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { SkeletonList } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import { CommentAuthor, CommentAvatar } from './comment-author';
import { episodePagePath, formatWhen } from './federation-state';

export const noCommentsText = 'No comments yet. Replies to your episode posts on the Fediverse wait here for your approval before they show under the episode.';

const waitingText = (count: number) => (count === 1 ? '1 waiting' : `${count} waiting`);

function useCommentActions() {
  const utils = trpc.useUtils();
  const refresh = () => utils.federation.comments.invalidate();
  const fail = (fallback: string) => (error: unknown) => toast.error(failureMessage(error, fallback));
  return {
    approve: trpc.federation.approveComment.useMutation({ onSuccess: refresh, onError: fail('The comment could not be approved. Please try again.') }),
    reject: trpc.federation.rejectComment.useMutation({ onSuccess: refresh, onError: fail('The comment could not be rejected. Please try again.') }),
  };
}

/** Who wrote it (linked to their profile), on which episode, when it came, the text as plain text, and its buttons. */
function CommentRow({ comment, children }: { comment: CommentOutput; children: ReactNode }) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 p-3" aria-label={`Comment by ${comment.author.handle}`}>
      <div className="flex min-w-0 flex-1 gap-3">
        <CommentAvatar author={comment.author} />
        <div className="min-w-0 space-y-1">
          <p className="text-sm">
            <CommentAuthor author={comment.author} />
          </p>
          <p className="text-xs text-slate-500">
            on{' '}
            <Link href={episodePagePath(comment.episodeId)} className="font-medium text-brand-700 hover:underline">
              {comment.episodeName}
            </Link>{' '}
            · <time dateTime={comment.createdAt}>{formatWhen(comment.createdAt)}</time>
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
  const comments = trpc.federation.comments.useQuery();
  const actions = useCommentActions();
  const busyId = actions.approve.isPending ? actions.approve.variables?.commentId : actions.reject.isPending ? actions.reject.variables?.commentId : undefined;
  const decide = (comment: CommentOutput, decision: 'approve' | 'reject', done: string) =>
    actions[decision].mutate({ commentId: comment.id }, { onSuccess: () => toast.success(done) });

  return (
    <section aria-labelledby="fediverse-comments-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="fediverse-comments-heading" className="text-lg font-semibold text-slate-900">
          Comments
        </h2>
        {comments.data && <p className="text-sm text-slate-600">{waitingText(comments.data.filter((comment) => comment.status === 'pending').length)}</p>}
      </div>
      <QueryState
        query={comments}
        loading={<SkeletonList rows={2} label="Loading comments" />}
        errorTitle="Your comments could not be loaded"
        empty={<p className="text-sm text-slate-500">{noCommentsText}</p>}
      >
        {(list) => {
          const pending = list.filter((comment) => comment.status === 'pending');
          const approved = list.filter((comment) => comment.status === 'approved');
          return (
            <div className="space-y-4">
              {pending.length > 0 && (
                <ul className="divide-y divide-slate-100 rounded-md border border-amber-200 bg-amber-50/40" aria-label="Comments waiting for approval">
                  {pending.map((comment) => (
                    <CommentRow key={comment.id} comment={comment}>
                      <Button
                        size="sm"
                        busy={busyId === comment.id && actions.approve.isPending}
                        disabled={busyId === comment.id}
                        onClick={() => decide(comment, 'approve', 'Comment approved: it shows under the episode')}
                        aria-label={`Approve the comment by ${comment.author.handle}`}
                      >
                        <Check className="size-4" aria-hidden /> Approve
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        busy={busyId === comment.id && actions.reject.isPending}
                        disabled={busyId === comment.id}
                        onClick={() => decide(comment, 'reject', 'Comment rejected')}
                        aria-label={`Reject the comment by ${comment.author.handle}`}
                      >
                        <X className="size-4" aria-hidden /> Reject
                      </Button>
                    </CommentRow>
                  ))}
                </ul>
              )}
              {approved.length > 0 && (
                <div className="space-y-2">
                  <h3 className="text-sm font-semibold text-slate-700">Approved</h3>
                  <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="Approved comments">
                    {approved.map((comment) => (
                      <CommentRow key={comment.id} comment={comment}>
                        <Button
                          size="sm"
                          variant="ghost"
                          busy={busyId === comment.id}
                          onClick={() => decide(comment, 'reject', 'Comment hidden')}
                          aria-label={`Hide the comment by ${comment.author.handle}`}
                        >
                          <EyeOff className="size-4" aria-hidden /> Hide
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
