import { useEffect, useState, type FormEvent } from 'react';
import { Film, Trash2, Upload } from 'lucide-react';
import { toast } from 'sonner';
import { Link } from 'wouter';
import { liveMessages, type LiveState, type RecordingOutput } from '@server/domains/live/live.schemas';
import { Button } from '@web/components/button';
import { ConfirmDialog } from '@web/components/confirm-dialog';
import { EmptyState } from '@web/components/empty-state';
import { failureMessage } from '@web/components/error-message';
import { SelectField } from '@web/components/form-fields';
import { Modal } from '@web/components/modal';
import { QueryState } from '@web/components/query-state';
import { Spinner } from '@web/components/spinner';
import { TableScroll } from '@web/components/table-scroll';
import { TextField } from '@web/components/text-field';
import { trpc } from '@web/lib/trpc';
import { ItemCount, useItemCounts } from '@web/features/analytics/public';
import { FediverseOptOut } from '@web/features/events/public';
import { formatBytes, formatDuration } from './live-format';

const statusLabels: Record<RecordingOutput['status'], { label: string; className: string }> = {
  recording: { label: 'Recording', className: 'bg-red-100 text-red-700' },
  processing: { label: 'Finishing', className: 'bg-amber-100 text-amber-800' },
  ready: { label: 'Ready', className: 'bg-emerald-100 text-emerald-800' },
  failed: { label: 'Failed', className: 'bg-slate-200 text-slate-700' },
};

function recordingTitle(recording: RecordingOutput): string {
  return recording.eventName ?? 'Live recording';
}

/** "Publish as episode": one of the creator's video podcast titles, the episode's name and "Post to the Fediverse". */
function PublishDialog({ recording, onClose }: { recording: RecordingOutput | null; onClose(): void }) {
  const utils = trpc.useUtils();
  const titles = trpc.podcasts.listTitles.useQuery(undefined, { enabled: !!recording });
  const publish = trpc.live.publishRecording.useMutation();
  const videoTitles = (titles.data ?? []).filter((title) => title.isVideo);
  const [titleId, setTitleId] = useState('');
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string>();
  const [fediverse, setFediverse] = useState(true);

  useEffect(() => {
    if (!recording) return;
    setName(recordingTitle(recording));
    setNameError(undefined);
    setFediverse(true);
  }, [recording]);
  const chosenTitle = videoTitles.some((title) => title.id === titleId) ? titleId : (videoTitles[0]?.id ?? '');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!recording || !chosenTitle) return;
    if (!name.trim()) return setNameError('Please enter the episode name');
    try {
      await publish.mutateAsync({ recordingId: recording.id, titleId: chosenTitle, name: name.trim(), fediverse });
      toast.success('Published as an episode');
      void utils.live.recordings.invalidate();
      void utils.podcasts.listTitles.invalidate();
      onClose();
    } catch (error) {
      toast.error(failureMessage(error, 'The recording could not be published. Please try again.'));
    }
  };

  return (
    <Modal
      open={!!recording}
      onOpenChange={(open) => !open && onClose()}
      title="Publish as episode"
      description={recording ? `The recording of ${recordingTitle(recording)} becomes an episode of your video podcast.` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={publish.isPending}>
            Cancel
          </Button>
          <Button type="submit" form="publish-recording-form" busy={publish.isPending} disabled={!chosenTitle}>
            Publish
          </Button>
        </>
      }
    >
      {titles.isPending ? (
        <Spinner label="Loading your podcast titles" className="py-6" />
      ) : (
        <form id="publish-recording-form" onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          {videoTitles.length === 0 ? (
            <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
              You have no video podcast title yet.{' '}
              <Link href="/apps/podcast-titles" className="font-medium text-brand-700 hover:underline">
                Create one on the Podcasts page
              </Link>
              , then publish the recording into it.
            </p>
          ) : (
            <SelectField label="Video podcast" value={chosenTitle} onChange={(event) => setTitleId(event.target.value)} options={videoTitles.map((title) => ({ value: title.id, label: title.name }))} />
          )}
          <TextField label="Episode name" value={name} maxLength={200} error={nameError} onChange={(event) => setName(event.target.value)} />
          <FediverseOptOut enabled={!!recording} checked={fediverse} onCheckedChange={setFediverse} />
          {recording?.eventIsPremium && (
            <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
              {liveMessages.premiumReplayBecomesPublic}
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}

/** The creator's recordings (one per live session), to publish as a video episode or delete. */
export function RecordingsSection({ recordingsMaxGb, liveState }: { recordingsMaxGb: number; liveState: LiveState | undefined }) {
  const utils = trpc.useUtils();
  const recordings = trpc.live.recordings.useQuery(undefined, {
    refetchInterval: (query) => (query.state.data?.some((recording) => recording.status === 'recording' || recording.status === 'processing') ? 5_000 : 60_000),
  });
  const plays = useItemCounts('replay', recordings.data?.map((recording) => recording.id) ?? []);
  const remove = trpc.live.deleteRecording.useMutation();
  const [publishing, setPublishing] = useState<RecordingOutput | null>(null);
  const [deleting, setDeleting] = useState<RecordingOutput | null>(null);

  // A stream started or ended: its recording appears or turns to "Finishing".
  useEffect(() => {
    if (liveState) void utils.live.recordings.invalidate();
  }, [liveState, utils]);

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ recordingId: deleting.id });
      toast.success('Recording deleted');
      void utils.live.recordings.invalidate();
    } catch (error) {
      toast.error(failureMessage(error, 'The recording could not be deleted. Please try again.'));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section aria-labelledby="recordings-heading" className="space-y-3">
      <div className="space-y-1">
        <h2 id="recordings-heading" className="text-lg font-semibold text-slate-900">
          Recordings
        </h2>
        <p className="text-sm text-slate-600">Every stream is recorded. {liveMessages.recordingsRule(recordingsMaxGb)}</p>
      </div>
      <QueryState
        query={recordings}
        loading={<Spinner label="Loading your recordings" className="py-10" />}
        empty={
          <EmptyState title="No recordings yet" icon={<Film className="size-10" aria-hidden />}>
            When you go live, the stream is recorded here; publish it as an episode of your video podcast afterwards.
          </EmptyState>
        }
        errorTitle="Your recordings could not be loaded"
      >
        {(list) => (
          <TableScroll label="Recordings">
            <table className="w-full min-w-[44rem] text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th className="px-3 py-2">Event</th>
                  <th className="px-3 py-2">Started</th>
                  <th className="px-3 py-2">Duration</th>
                  <th className="px-3 py-2">Size</th>
                  <th className="px-3 py-2">Plays</th>
                  <th className="px-3 py-2">Status</th>
                  <th className="px-3 py-2 text-right">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((recording) => {
                  const status = statusLabels[recording.status];
                  return (
                    <tr key={recording.id} data-testid="recording-row">
                      <td className="px-3 py-2 font-medium text-slate-900">
                        {recordingTitle(recording)}
                        {recording.eventIsPremium && <span className="ml-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">Premium</span>}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-700">{new Date(recording.startedAt).toLocaleString()}</td>
                      <td className="px-3 py-2 font-mono text-slate-700">{formatDuration(recording.durationSeconds)}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatBytes(recording.sizeBytes)}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-700">{plays ? <ItemCount counts={plays} id={recording.id} kind="plays" /> : '—'}</td>
                      <td className="px-3 py-2">
                        {recording.episodeId ? (
                          <a href={`/video/${encodeURIComponent(recording.episodeId)}`} target="_blank" rel="noopener" className="font-medium text-brand-700 hover:underline">
                            Published
                          </a>
                        ) : (
                          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>{status.label}</span>
                        )}
                      </td>
                      <td className="px-3 py-2">
                        <div className="flex justify-end gap-2">
                          {recording.status === 'ready' && !recording.episodeId && (
                            <Button size="sm" variant="secondary" onClick={() => setPublishing(recording)}>
                              <Upload className="size-4" aria-hidden />
                              Publish as episode
                            </Button>
                          )}
                          <Button size="sm" variant="ghost" onClick={() => setDeleting(recording)} disabled={recording.status === 'recording'} aria-label={`Delete the recording of ${recordingTitle(recording)}`}>
                            <Trash2 className="size-4" aria-hidden />
                            Delete
                          </Button>
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        )}
      </QueryState>
      <PublishDialog recording={publishing} onClose={() => setPublishing(null)} />
      <ConfirmDialog
        open={!!deleting}
        onOpenChange={(open) => !open && setDeleting(null)}
        title="Delete this recording?"
        description={deleting ? `The recording of ${recordingTitle(deleting)} (${new Date(deleting.startedAt).toLocaleString()}) is deleted from this server. An episode made from it stays.` : undefined}
        confirmLabel="Delete"
        destructive
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
