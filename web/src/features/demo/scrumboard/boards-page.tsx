import { useState } from 'react';
import { Plus, SquareKanban } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from 'sonner';
import { Link, useLocation } from 'wouter';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { failureMessage } from '@web/components/error-message';
import { Modal } from '@web/components/modal';
import { QueryState } from '@web/components/query-state';
import { SampleAppShell } from '@web/components/sample-app-shell';
import { SkeletonCards } from '@web/components/skeleton';
import { TextField } from '@web/components/text-field';
import { trpc } from '@web/lib/trpc';

export const boardPath = (board: { id: string; uri: string }) => `/apps/scrumboard/boards/${encodeURIComponent(board.id)}/${encodeURIComponent(board.uri)}`;

/** Scrumboard: the board list and a new board. */
export default function BoardsPage() {
  const { t } = useLingui();
  const utils = trpc.useUtils();
  const boards = trpc.demo.scrumboard.boards.useQuery();
  const [, navigate] = useLocation();
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const newBoard = trpc.demo.scrumboard.newBoard.useMutation({
    onSuccess: (board) => {
      const boardName = board.name;
      toast.success(t`Board "${boardName}" created`);
      void utils.demo.scrumboard.boards.invalidate();
      setCreating(false);
      navigate(boardPath(board));
    },
    onError: (error) => toast.error(failureMessage(error, t`The board could not be created.`)),
  });
  const nameError = submitted && !name.trim() ? t`Please enter a board name` : undefined;
  function create() {
    setSubmitted(true);
    if (!name.trim()) return;
    newBoard.mutate({ board: { name: name.trim() } });
  }
  const openCreate = () => {
    setName('');
    setSubmitted(false);
    setCreating(true);
  };
  return (
    <SampleAppShell
      title={t`Scrumboard`}
      subtitle={t`Your boards`}
      icon={<SquareKanban aria-hidden />}
      actions={
        <Button variant="secondary" size="sm" onClick={openCreate}>
          <Plus className="size-4" aria-hidden />
          <Trans>New board</Trans>
        </Button>
      }
    >
      <QueryState
        query={boards}
        loading={<SkeletonCards count={3} label={t`Loading boards`} />}
        empty={
          <EmptyState title={t`No boards yet`}>
            <Button onClick={openCreate}>
              <Trans>Create your first board</Trans>
            </Button>
          </EmptyState>
        }
        errorTitle={t`Could not load the boards`}
      >
        {(list) => (
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t`Boards`}>
            {list.map((board) => (
              <li key={board.id}>
                <Link href={boardPath(board)} className="flex h-32 flex-col justify-between rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-visible:outline-2 focus-visible:outline-brand-500">
                  <SquareKanban className="size-6 text-brand-500" aria-hidden />
                  <span className="text-lg font-semibold text-slate-900">{board.name}</span>
                </Link>
              </li>
            ))}
            <li>
              <button type="button" onClick={openCreate} className="flex h-32 w-full flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 text-slate-600 hover:border-brand-400 hover:text-brand-700">
                <Plus className="size-6" aria-hidden />
                <Trans>Add new board</Trans>
              </button>
            </li>
          </ul>
        )}
      </QueryState>
      <Modal
        open={creating}
        onOpenChange={setCreating}
        title={t`New board`}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setCreating(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={create} busy={newBoard.isPending}>
              <Trans>Create board</Trans>
            </Button>
          </>
        }
      >
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            create();
          }}
        >
          <TextField label={t`Board name`} value={name} onChange={(event) => setName(event.target.value)} error={nameError} maxLength={200} autoFocus />
        </form>
      </Modal>
    </SampleAppShell>
  );
}
