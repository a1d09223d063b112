import { toast } from 'sonner';
import { Trans, useLingui } from '@lingui/react/macro';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { SkeletonList } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import { BlockForm, BlockList } from './blocks';

/** Admins: domains and accounts blocked for every creator on this server. */
export function InstanceBlocksCard() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const blocks = trpc.federation.instanceBlocks.useQuery();
  const refresh = () => utils.federation.instanceBlocks.invalidate();
  const block = trpc.federation.blockForInstance.useMutation({
    onSuccess: refresh,
    onError: (error) => toast.error(failureMessage(error, t`The block could not be saved. Please try again.`)),
  });
  const unblock = trpc.federation.unblockForInstance.useMutation({
    onSuccess: refresh,
    onError: (error) => toast.error(failureMessage(error, t`The block could not be lifted. Please try again.`)),
  });

  return (
    <section aria-labelledby="instance-blocks-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="space-y-0.5">
        <h2 id="instance-blocks-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Blocked for the whole server</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>Admins only. No creator here delivers to these servers or accounts, and what they send is refused.</Trans>
        </p>
      </div>
      <QueryState query={blocks} loading={<SkeletonList rows={2} avatar={false} label={t`Loading the server's blocks`} />} errorTitle={t`The server's blocks could not be loaded`}>
        {(data) => (
          <BlockList
            blocks={data}
            label={t`Server blocks`}
            busyId={unblock.isPending ? (unblock.variables?.blockId ?? null) : null}
            onUnblock={(blocked) => unblock.mutate({ blockId: blocked.id }, { onSuccess: () => toast.success(t`${blocked.value} unblocked for the whole server`) })}
          />
        )}
      </QueryState>
      <BlockForm
        label={t`Block for the whole server`}
        busy={block.isPending}
        onBlock={(input, done) =>
          block.mutate(input, {
            onSuccess: () => {
              toast.success(t`${input.value} blocked for the whole server`);
              done();
            },
          })
        }
      />
    </section>
  );
}
