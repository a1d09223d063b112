import { useState, type ReactNode } from 'react';
import { Ban, Check, UserMinus, X } from 'lucide-react';
import { toast } from 'sonner';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { BlockInput, FollowerOutput, FollowersOutput } from '@server/domains/federation/federation.schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { failureMessage } from '@web/components/error-message';
import { trpc } from '@web/lib/trpc';
import { BlockForm, BlockList } from './blocks';
import { actorHost, formatWhen } from './federation-state';

interface Confirmation {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  run: () => void;
}

function useFollowerActions() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const refresh = () => utils.federation.followers.invalidate();
  const fail = (fallback: string) => (error: unknown) => toast.error(failureMessage(error, fallback));
  return {
    approve: trpc.federation.approve.useMutation({ onSuccess: refresh, onError: fail(t`The follower could not be approved. Please try again.`) }),
    reject: trpc.federation.reject.useMutation({ onSuccess: refresh, onError: fail(t`The follower could not be rejected. Please try again.`) }),
    remove: trpc.federation.removeFollower.useMutation({ onSuccess: refresh, onError: fail(t`The follower could not be removed. Please try again.`) }),
    block: trpc.federation.block.useMutation({ onSuccess: refresh, onError: fail(t`The block could not be saved. Please try again.`) }),
    unblock: trpc.federation.unblock.useMutation({ onSuccess: refresh, onError: fail(t`The block could not be lifted. Please try again.`) }),
  };
}

/** Followers (pending first, with Approve/Reject; accepted with Remove and the blocks) and the creator's blocked list. */
export function FollowersCard({ data }: { data: FollowersOutput }) {
  const { t } = useLingui();
  const actions = useFollowerActions();
  const [confirming, setConfirming] = useState<Confirmation | null>(null);
  const busyFollower = (['approve', 'reject', 'remove'] as const).map((name) => actions[name].isPending && actions[name].variables?.followerId).find(Boolean) || null;

  const blockedActors = new Set(data.blocks.filter((block) => block.kind === 'actor').map((block) => block.value));
  const blockedDomains = new Set(data.blocks.filter((block) => block.kind === 'domain').map((block) => block.value));
  const isBlocked = (follower: FollowerOutput) => blockedActors.has(follower.actorId) || blockedDomains.has(actorHost(follower.actorId) ?? '');

  const block = (input: BlockInput, done?: () => void) =>
    actions.block.mutate(input, {
      onSuccess: () => {
        toast.success(t`${input.value} blocked`);
        done?.();
        setConfirming(null);
      },
    });

  const askRemove = ({ id, handle }: FollowerOutput) =>
    setConfirming({
      title: t`Remove ${handle}?`,
      description: t`They stop receiving your posts. They can follow you again later (block them to stop that).`,
      confirmLabel: t`Remove follower`,
      run: () =>
        actions.remove.mutate(
          { followerId: id },
          {
            onSuccess: () => {
              toast.success(t`${handle} removed`);
              setConfirming(null);
            },
          },
        ),
    });
  const askBlockActor = ({ handle, actorId }: FollowerOutput) =>
    setConfirming({
      title: t`Block ${handle}?`,
      description: t`Their server gets none of your posts, and their follows, replies, likes and boosts are refused.`,
      confirmLabel: t`Block account`,
      run: () => block({ kind: 'actor', value: actorId }),
    });
  const askBlockDomain = (follower: FollowerOutput, domain: string) =>
    setConfirming({
      title: t`Block all of ${domain}?`,
      description: t`Nobody on ${domain} gets your posts, and everything from that server is refused.`,
      confirmLabel: t`Block domain`,
      run: () => block({ kind: 'domain', value: domain }),
    });

  const pending = data.followers.filter((follower) => follower.status === 'pending');
  const accepted = data.followers.filter((follower) => follower.status === 'accepted');

  return (
    <>
      <section aria-labelledby="fediverse-followers-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="fediverse-followers-heading" className="text-lg font-semibold text-slate-900">
            <Trans>Followers</Trans>
          </h2>
          <p className="text-sm text-slate-600" data-testid="follower-count">
            <Plural value={data.count} one="# follower" other="# followers" />
            {data.pending > 0 && (
              <>
                {' · '}
                <Plural value={data.pending} one="# waiting" other="# waiting" />
              </>
            )}
          </p>
        </div>
        {data.followers.length === 0 ? (
          <p className="text-sm text-slate-500">
            <Trans>No followers yet. Share your handle, or the Follow button on your creator page.</Trans>
          </p>
        ) : (
          <div className="space-y-4">
            {pending.length > 0 && (
              <ul className="divide-y divide-slate-100 rounded-md border border-amber-200 bg-amber-50/40" aria-label={t`Waiting for approval`}>
                {pending.map((follower) => (
                  <li key={follower.id} className="flex flex-wrap items-center justify-between gap-2 p-3" aria-label={follower.handle}>
                    <FollowerName follower={follower} note={t`Waiting for your approval`} />
                    <span className="flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        busy={busyFollower === follower.id && actions.approve.isPending}
                        disabled={busyFollower === follower.id}
                        onClick={() => actions.approve.mutate({ followerId: follower.id }, { onSuccess: () => toast.success(t`${follower.handle} approved`) })}
                        aria-label={t`Approve ${follower.handle}`}
                      >
                        <Check className="size-4" aria-hidden /> <Trans>Approve</Trans>
                      </Button>
                      <Button
                        size="sm"
                        variant="secondary"
                        busy={busyFollower === follower.id && actions.reject.isPending}
                        disabled={busyFollower === follower.id}
                        onClick={() => actions.reject.mutate({ followerId: follower.id }, { onSuccess: () => toast.success(t`${follower.handle} rejected`) })}
                        aria-label={t`Reject ${follower.handle}`}
                      >
                        <X className="size-4" aria-hidden /> <Trans>Reject</Trans>
                      </Button>
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {accepted.length > 0 && (
              <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={t`Followers`}>
                {accepted.map((follower) => {
                  const domain = actorHost(follower.actorId);
                  const blocked = isBlocked(follower);
                  const since = formatWhen(follower.createdAt);
                  return (
                    <li key={follower.id} className="flex flex-wrap items-center justify-between gap-2 p-3" aria-label={follower.handle}>
                      <FollowerName follower={follower} note={blocked ? t`Blocked: gets none of your posts` : t`Following since ${since}`} />
                      <span className="flex flex-wrap gap-2">
                        <Button size="sm" variant="secondary" disabled={busyFollower === follower.id} onClick={() => askRemove(follower)} aria-label={t`Remove ${follower.handle}`}>
                          <UserMinus className="size-4" aria-hidden /> <Trans>Remove</Trans>
                        </Button>
                        {!blocked && (
                          <Button size="sm" variant="ghost" onClick={() => askBlockActor(follower)} aria-label={t`Block ${follower.handle}`}>
                            <Ban className="size-4" aria-hidden /> <Trans>Block</Trans>
                          </Button>
                        )}
                        {!blocked && domain && (
                          <Button size="sm" variant="ghost" onClick={() => askBlockDomain(follower, domain)} aria-label={t`Block the domain ${domain}`}>
                            <Ban className="size-4" aria-hidden /> <Trans>Block {domain}</Trans>
                          </Button>
                        )}
                      </span>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        )}
      </section>

      <section aria-labelledby="fediverse-blocks-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
        <div className="space-y-0.5">
          <h2 id="fediverse-blocks-heading" className="text-lg font-semibold text-slate-900">
            <Trans>Blocked</Trans>
          </h2>
          <p className="text-sm text-slate-600">
            <Trans>Blocked servers and accounts get none of your posts, and what they send you is refused.</Trans>
          </p>
        </div>
        <BlockList
          blocks={data.blocks}
          label={t`Your blocks`}
          busyId={actions.unblock.isPending ? (actions.unblock.variables?.blockId ?? null) : null}
          onUnblock={(blocked) => actions.unblock.mutate({ blockId: blocked.id }, { onSuccess: () => toast.success(t`${blocked.value} unblocked`) })}
        />
        <BlockForm label={t`Block a domain or account`} busy={actions.block.isPending && !confirming} onBlock={(input, done) => block(input, done)} />
      </section>

      <ConfirmDialog
        open={!!confirming}
        onOpenChange={(open) => !open && setConfirming(null)}
        title={confirming?.title ?? ''}
        description={confirming?.description}
        confirmLabel={confirming?.confirmLabel}
        destructive
        busy={actions.remove.isPending || actions.block.isPending}
        onConfirm={() => confirming?.run()}
      />
    </>
  );
}

function FollowerName({ follower, note }: { follower: FollowerOutput; note: string }) {
  return (
    <span className="min-w-0">
      <a href={follower.actorId} target="_blank" rel="noreferrer noopener" className="block text-sm font-medium break-all text-slate-900 hover:underline">
        {follower.handle}
      </a>
      <span className="block text-xs text-slate-500">{note}</span>
    </span>
  );
}
