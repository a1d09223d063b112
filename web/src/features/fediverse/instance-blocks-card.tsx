import { toast } from 'sonner';
import { failureMessage } from '@web/components/error-message';
import { QueryState } from '@web/components/query-state';
import { SkeletonList } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import { BlockForm, BlockList } from './blocks';

/** Admins: domains and accounts blocked for every creator on this server. */
export function InstanceBlocksCard() {
  const utils = trpc.useUtils();
  const blocks = trpc.federation.instanceBlocks.useQuery();
  const refresh = () => utils.federation.instanceBlocks.invalidate();
  const block = trpc.federation.blockForInstance.useMutation({
    onSuccess: refresh,
    onError: (error) => toast.error(failureMessage(error, 'The block could not be saved. Please try again.')),
  });
  const unblock = trpc.federation.unblockForInstance.useMutation({
    onSuccess: refresh,
    onError: (error) => toast.error(failureMessage(error, 'The block could not be lifted. Please try again.')),
  });

  return (
    <section aria-labelledby="instance-blocks-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <div className="space-y-0.5">
        <h2 id="instance-blocks-heading" className="text-lg font-semibold text-slate-900">
          Blocked for the whole server
        </h2>
        <p className="text-sm text-slate-600">Admins only. No creator here delivers to these servers or accounts, and what they send is refused.</p>
      </div>
      <QueryState query={blocks} loading={<SkeletonList rows={2} avatar={false} label="Loading the server's blocks" />} errorTitle="The server's blocks could not be loaded">
        {(data) => (
          <BlockList
            blocks={data}
            label="Server blocks"
            busyId={unblock.isPending ? (unblock.variables?.blockId ?? null) : null}
            onUnblock={(blocked) => unblock.mutate({ blockId: blocked.id }, { onSuccess: () => toast.success(`${blocked.value} unblocked for the whole server`) })}
          />
        )}
      </QueryState>
      <BlockForm
        label="Block for the whole server"
        busy={block.isPending}
        onBlock={(input, done) =>
          block.mutate(input, {
            onSuccess: () => {
              toast.success(`${input.value} blocked for the whole server`);
              done();
            },
          })
        }
      />
    </section>
  );
}
