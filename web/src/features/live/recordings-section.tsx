import { useEffect, useState, type FormEvent } from 'react';
import { Film, Trash2, Upload } from 'lucide-react';
import { i18n, type MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from 'sonner';
import { Link } from 'wouter';
import type { LiveState, RecordingOutput } from '@server/domains/live/live.schemas';
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
import { formatDateTime, formatNumber } from '@web/lib/i18n/format';
import { trpc } from '@web/lib/trpc';
import { ItemCount, useItemCounts } from '@web/features/analytics/public';
import { FediverseOptOut } from '@web/features/events/public';
import { formatBytes, formatDuration } from './live-format';

const statusLabels: Record<RecordingOutput['status'], { label: MessageDescriptor; className: string }> = {
  recording: { label: msg`Recording`, className: 'bg-red-100 text-red-700' },
  processing: { label: msg`Finishing`, className: 'bg-amber-100 text-amber-800' },
  ready: { label: msg`Ready`, className: 'bg-emerald-100 text-emerald-800' },
  failed: { label: msg`Failed`, className: 'bg-slate-200 text-slate-700' },
};

const liveRecording = msg`Live recording`;

function recordingTitle(recording: RecordingOutput): string {
  return recording.eventName ?? i18n._(liveRecording);
}

/** "Publish as episode": one of the creator's video podcast titles, the episode's name and "Post to the Fediverse". */
function PublishDialog({ recording, onClose }: { recording: RecordingOutput | null; onClose(): void }) {
  const { t } = useLingui();
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
    if (!name.trim()) return setNameError(t`Please enter the episode name`);
    try {
      await publish.mutateAsync({ recordingId: recording.id, titleId: chosenTitle, name: name.trim(), fediverse });
      toast.success(t`Published as an episode`);
      void utils.live.recordings.invalidate();
      void utils.podcasts.listTitles.invalidate();
      onClose();
    } catch (error) {
      toast.error(failureMessage(error, t`The recording could not be published. Please try again.`));
    }
  };

  const recordingName = recording ? recordingTitle(recording) : '';
  return (
    <Modal
      open={!!recording}
      onOpenChange={(open) => !open && onClose()}
      title={t`Publish as episode`}
      description={recording ? t`The recording of ${recordingName} becomes an episode of your video podcast.` : undefined}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={publish.isPending}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" form="publish-recording-form" busy={publish.isPending} disabled={!chosenTitle}>
            <Trans>Publish</Trans>
          </Button>
        </>
      }
    >
      {titles.isPending ? (
        <Spinner label={t`Loading your podcast titles`} className="py-6" />
      ) : (
        <form id="publish-recording-form" onSubmit={(event) => void submit(event)} className="space-y-4" noValidate>
          {videoTitles.length === 0 ? (
            <p className="rounded-md bg-slate-50 px-3 py-2 text-sm text-slate-700">
              <Trans>
                You have no video podcast title yet.{' '}
                <Link href="/apps/podcast-titles" className="font-medium text-brand-700 hover:underline">
                  Create one on the Podcasts page
                </Link>
                , then publish the recording into it.
              </Trans>
            </p>
          ) : (
            <SelectField label={t`Video podcast`} value={chosenTitle} onChange={(event) => setTitleId(event.target.value)} options={videoTitles.map((title) => ({ value: title.id, label: title.name }))} />
          )}
          <TextField label={t`Episode name`} value={name} maxLength={200} error={nameError} onChange={(event) => setName(event.target.value)} />
          <FediverseOptOut enabled={!!recording} checked={fediverse} onCheckedChange={setFediverse} />
          {recording?.eventIsPremium && (
            <p role="note" className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-800">
              <Trans>This event is premium: the episode will be public. The replay on the event page stays for ticket holders.</Trans>
            </p>
          )}
        </form>
      )}
    </Modal>
  );
}

/** The creator's recordings (one per live session), to publish as a video episode or delete. */
export function RecordingsSection({ recordingsMaxGb, liveState }: { recordingsMaxGb: number; liveState: LiveState | undefined }) {
  const { t } = useLingui();
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
      toast.success(t`Recording deleted`);
      void utils.live.recordings.invalidate();
    } catch (error) {
      toast.error(failureMessage(error, t`The recording could not be deleted. Please try again.`));
    } finally {
      setDeleting(null);
    }
  };

  const maxGb = formatNumber(recordingsMaxGb);
  const deletingName = deleting ? recordingTitle(deleting) : '';
  const deletingStarted = deleting ? formatDateTime(deleting.startedAt) : '';
  return (
    <section aria-labelledby="recordings-heading" className="space-y-3">
      <div className="space-y-1">
        <h2 id="recordings-heading" className="text-lg font-semibold text-slate-900">
          <Trans>Recordings</Trans>
        </h2>
        <p className="text-sm text-slate-600">
          <Trans>
            Every stream is recorded. Recordings use up to {maxGb} GB: past that, the oldest recording not published as an episode is deleted.
          </Trans>
        </p>
      </div>
      <QueryState
        query={recordings}
        loading={<Spinner label={t`Loading your recordings`} className="py-10" />}
        empty={
          <EmptyState title={t`No recordings yet`} icon={<Film className="size-10" aria-hidden />}>
            <Trans>When you go live, the stream is recorded here; publish it as an episode of your video podcast afterwards.</Trans>
          </EmptyState>
        }
        errorTitle={t`Your recordings could not be loaded`}
      >
        {(list) => (
          <TableScroll label={t`Recordings`}>
            <table className="w-full min-w-[44rem] text-start text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
                <tr>
                  <th className="px-3 py-2">
                    <Trans>Event</Trans>
                  </th>
                  <th className="px-3 py-2">
                    <Trans>Started</Trans>
                  </th>
                  <th className="px-3 py-2">
                    <Trans>Duration</Trans>
                  </th>
                  <th className="px-3 py-2">
                    <Trans>Size</Trans>
                  </th>
                  <th className="px-3 py-2">
                    <Trans>Plays</Trans>
                  </th>
                  <th className="px-3 py-2">
                    <Trans>Status</Trans>
                  </th>
                  <th className="px-3 py-2 text-end">
                    <span className="sr-only">
                      <Trans>Actions</Trans>
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.map((recording) => {
                  const status = statusLabels[recording.status];
                  const recordingName = recordingTitle(recording);
                  return (
                    <tr key={recording.id} data-testid="recording-row">
                      <td className="px-3 py-2 font-medium text-slate-900">
                        {recordingTitle(recording)}
                        {recording.eventIsPremium && (
                          <span className="ms-2 rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700">
                            <Trans>Premium</Trans>
                          </span>
                        )}
                      </td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDateTime(recording.startedAt)}</td>
                      <td className="px-3 py-2 font-mono text-slate-700" dir="ltr">{formatDuration(recording.durationSeconds)}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatBytes(recording.sizeBytes)}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-700">{plays ? <ItemCount counts={plays} id={recording.id} kind="plays" /> : '—'}</td>
                      <td className="px-3 py-2">
                        {recording.episodeId ? (
                          <a href={`/video/${encodeURIComponent(recording.episodeId)}`} target="_blank" rel="noopener" className="font-medium text-brand-700 hover:underline">
                            <Trans>Published</Trans>
                          </a>
                        ) : (
                          <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>{t(status.label)}</span>
                        )}
                      </td>
                      <td className="px-3 py-2">
                        <div className="flex justify-end gap-2">
                          {recording.status === 'ready' && !recording.episodeId && (
                            <Button size="sm" variant="secondary" onClick={() => setPublishing(recording)}>
                              <Upload className="size-4" aria-hidden />
                              <Trans>Publish as episode</Trans>
                            </Button>
                          )}
                          <Button size="sm" variant="ghost" onClick={() => setDeleting(recording)} disabled={recording.status === 'recording'} aria-label={t`Delete the recording of ${recordingName}`}>
                            <Trash2 className="size-4" aria-hidden />
                            <Trans>Delete</Trans>
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
        title={t`Delete this recording?`}
        description={
          deleting ? t`The recording of ${deletingName} (${deletingStarted}) is deleted from this server. An episode made from it stays.` : undefined
        }
        confirmLabel={t`Delete`}
        destructive
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
      />
    </section>
  );
}
