import { useEffect, useId, useState, type FormEvent } from 'react';
import { ArrowLeft, ExternalLink } from 'lucide-react';
import { toast } from 'sonner';
import { Link, useLocation, useParams } from 'wouter';
import { Trans, useLingui } from '@lingui/react/macro';
import { episodeNumber as episodeNumberSchema, formatDuration, seasonNumber as seasonNumberSchema, type PodcastEpisode } from '@server/domains/podcasts/podcasts.schemas';
import { Button, buttonClasses } from '@web/components/button';
import { TextAreaField } from '@web/components/form-fields';
import { ImagePicker } from '@web/components/image-picker';
import { ProgressBar } from '@web/components/progress-bar';
import { Spinner } from '@web/components/spinner';
import { FormError } from '@web/components/form-error';
import { EmptyState } from '@web/components/empty-state';
import { TextField } from '@web/components/text-field';
import { formatNumber } from '@web/lib/i18n/format';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';
import { ItemCount, useItemCounts } from '@web/features/analytics/public';
import { FediverseOptOut, useFediversePublish } from '@web/features/events/public';
import { useSession } from '@web/lib/session-store';
import { validationTexts } from '@web/lib/i18n/validation-texts';
import { ApiError, toFormData, upload } from '@web/lib/upload';

const mediaAccept = 'audio/mpeg,.mp3,audio/mp4,.m4a,audio/aac,.aac,video/mp4,.mp4,video/webm,audio/webm,.webm';

/** A number field's text as the schema checks it: empty is null (none). */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** "12.3 MB" in the active locale. */
const megabytes = (bytes: number) => `${formatNumber(bytes / 1024 / 1024, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;

/** `datetime-local` value (the browser's time zone) for an ISO time. */
function toLocalInput(iso: string): string {
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

function FileField({ label, accept, file, onChange, error, hint }: { label: string; accept: string; file: File | null; onChange(file: File | null): void; error?: string; hint?: string }) {
  const id = useId();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="file"
        accept={accept}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
        className="block w-full text-sm text-slate-700 file:me-3 file:h-9 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:text-sm file:font-medium hover:file:bg-slate-50"
        aria-invalid={!!error || undefined}
      />
      {file && <p className="text-xs text-slate-500">{`${file.name} · ${megabytes(file.size)}`}</p>}
      {hint && !error && <p className="text-xs text-slate-500">{hint}</p>}
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}

/** /apps/podcast-titles/{id}/podcast-episodes/{episodeId | new}: uploads with a progress bar; the duration shows once read. */
export default function EpisodeEditorPage() {
  const { t } = useLingui();
  const { podcastTitleId = '', podcastEpisodeId = 'new' } = useParams<{ podcastTitleId: string; podcastEpisodeId: string }>();
  const isNew = podcastEpisodeId === 'new';
  const [, navigate] = useLocation();
  const utils = trpc.useUtils();
  const title = trpc.podcasts.getTitle.useQuery({ id: podcastTitleId });
  const existing = trpc.podcasts.getEpisode.useQuery({ id: podcastEpisodeId }, { enabled: !isNew });
  const episode = isNew ? undefined : existing.data;
  const downloads = useItemCounts('episode', isNew ? [] : [podcastEpisodeId]);
  useDocumentTitle(isNew ? t`New episode` : (episode?.name ?? t`Episode`));

  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [publishDate, setPublishDate] = useState(() => toLocalInput(new Date().toISOString()));
  const [seasonNumber, setSeasonNumber] = useState('');
  const [episodeNumber, setEpisodeNumber] = useState('');
  const [media, setMedia] = useState<File | null>(null);
  const [cover, setCover] = useState<File | null>(null);
  const [transcript, setTranscript] = useState<File | null>(null);
  const [chapters, setChapters] = useState<File | null>(null);
  const [fediverse, setFediverse] = useState(true);
  const postsToFediverse = useFediversePublish();
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The server's refusal of the last save (a wrong file, the plan, the server down): shown at the top of the form.
  const [failure, setFailure] = useState<unknown>(null);
  const [progress, setProgress] = useState<number | null>(null);

  useEffect(() => {
    if (!episode) return;
    setName(episode.name);
    setDescription(episode.description);
    setPublishDate(toLocalInput(episode.publishDate));
    setSeasonNumber(episode.seasonNumber === null ? '' : String(episode.seasonNumber));
    setEpisodeNumber(episode.episodeNumber === null ? '' : String(episode.episodeNumber));
    setFediverse(episode.fediverse);
  }, [episode]);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!name.trim()) problems.name = t`Min character length is 1`;
    if (isNew && !media) problems.media = t`Please upload the episode media (MP3, M4A/AAC, MP4 or WebM)`;
    if (Number.isNaN(Date.parse(publishDate))) problems.publishDate = t`Please enter a valid publish date`;
    if (!seasonNumberSchema.safeParse(numberOrNull(seasonNumber)).success) problems.seasonNumber = t`Please enter a season number of 1 or more, or leave it empty`;
    if (!episodeNumberSchema.safeParse(numberOrNull(episodeNumber)).success) problems.episodeNumber = t`Please enter an episode number of 1 or more, or leave it empty`;
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setFailure(null);
    setProgress(0);
    try {
      const saved = await upload<PodcastEpisode>(
        isNew ? `/api/podcast/titles/${encodeURIComponent(podcastTitleId)}/episodes` : `/api/podcast/episodes/${encodeURIComponent(podcastEpisodeId)}`,
        toFormData({
          name,
          description,
          publishDate: new Date(publishDate).toISOString(),
          seasonNumber: seasonNumber.trim(),
          episodeNumber: episodeNumber.trim(),
          media,
          image: cover,
          transcript,
          chapters,
          // Sent only when the box shows, so an episode's stored choice is left as is otherwise.
          fediverse: postsToFediverse ? String(fediverse) : undefined,
        }),
        { token: useSession.getState().token, onProgress: setProgress },
      );
      await utils.podcasts.invalidate();
      setEpisodeNumber(saved.episodeNumber === null ? '' : String(saved.episodeNumber));
      setMedia(null);
      setCover(null);
      setTranscript(null);
      setChapters(null);
      toast.success(`${isNew ? t`Episode uploaded` : t`Episode saved`} · ${formatDuration(saved.duration)}`);
      if (isNew) navigate(`/apps/podcast-titles/${podcastTitleId}/podcast-episodes/${saved.id}`, { replace: true });
    } catch (error) {
      const fields = validationTexts(error instanceof ApiError ? error.fields : {});
      setErrors(fields);
      setFailure(error);
    } finally {
      setProgress(null);
    }
  }

  if (title.isPending || (!isNew && existing.isPending)) return <Spinner label={t`Loading episode`} className="py-20" />;
  if (title.isError || (!isNew && existing.isError)) {
    return (
      <EmptyState title={title.error?.message ?? existing.error?.message ?? t`Episode not found`}>
        <Link href="/apps/podcast-titles" className="font-medium text-brand-700 hover:underline">
          <Trans>Back to podcasts</Trans>
        </Link>
      </EmptyState>
    );
  }

  const episodeName = episode?.name ?? '';
  return (
    <section className="max-w-2xl space-y-6">
      <Link href={`/apps/podcast-titles/${podcastTitleId}/podcast-episodes`} className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden /> {title.data.name}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-bold text-slate-900">{isNew ? t`New episode` : t`Edit episode`}</h1>
        {episode?.isPublished && (
          <a href={`/video/${episode.id}`} target="_blank" rel="noreferrer" className={buttonClasses('ghost', 'sm')}>
            <ExternalLink className="size-4" aria-hidden /> <Trans>Public page</Trans>
          </a>
        )}
      </div>
      {episode && (
        <dl className="grid grid-cols-2 gap-3 rounded-lg border border-slate-200 bg-white p-4 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-slate-500">
              <Trans>Duration</Trans>
            </dt>
            <dd className="font-mono text-slate-900" dir="ltr" data-testid="episode-duration">
              {formatDuration(episode.duration)}
            </dd>
          </div>
          <div>
            <dt className="text-slate-500">
              <Trans>File</Trans>
            </dt>
            <dd className="text-slate-900">{`${episode.mimeType} · ${megabytes(episode.sizeBytes)}`}</dd>
          </div>
          <div>
            <dt className="text-slate-500">
              <Trans>Downloads</Trans>
            </dt>
            <dd className="text-slate-900">{downloads ? <ItemCount counts={downloads} id={episode.id} kind="downloads" /> : '—'}</dd>
          </div>
          <div className="col-span-2 sm:col-span-1">
            <dt className="text-slate-500">
              <Trans>Listen</Trans>
            </dt>
            <dd>
              <audio controls preload="none" src={episode.fileUrl} className="h-8 w-full" dir="ltr" aria-label={t`Play ${episodeName}`} />
            </dd>
          </div>
        </dl>
      )}
      <form onSubmit={onSubmit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6" aria-label={t`Episode`}>
        <FormError error={failure} />
        <TextField label={t`Name`} value={name} onChange={(event) => setName(event.target.value)} error={errors.name} maxLength={120} />
        <TextAreaField label={t`Description`} value={description} onChange={(event) => setDescription(event.target.value)} error={errors.description} maxLength={4000} />
        <TextField
          label={t`Publish date`}
          type="datetime-local"
          value={publishDate}
          onChange={(event) => setPublishDate(event.target.value)}
          error={errors.publishDate}
          hint={t`A future date keeps the episode private until then.`}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`Season number`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={seasonNumber}
            onChange={(event) => setSeasonNumber(event.target.value)}
            error={errors.seasonNumber}
            hint={t`Optional`}
          />
          <TextField
            label={t`Episode number`}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={episodeNumber}
            onChange={(event) => setEpisodeNumber(event.target.value)}
            error={errors.episodeNumber}
            hint={title.data.itunesType === 'serial' ? (isNew ? t`Serial podcast: leave empty for the next number` : t`Serial podcast: every episode needs one`) : t`Optional`}
          />
        </div>
        <FileField
          label={isNew ? t`Media file` : t`Replace media file`}
          accept={mediaAccept}
          file={media}
          onChange={setMedia}
          error={errors.media}
          hint={t`MP3, M4A/AAC, MP4 or WebM, up to 2 GB. The duration is read from the file.`}
        />
        <ImagePicker
          label={t`Episode cover`}
          file={cover}
          currentUrl={episode?.imageUrl}
          onChange={setCover}
          error={errors.image}
          accept="image/jpeg,image/png"
          hint={t`Optional; the podcast's cover is used otherwise. Podcast covers must be square, 1400–3000 px, JPEG or PNG, in RGB colour, at most 2 MB.`}
        />
        <FileField
          label={t`Transcript (optional)`}
          accept=".vtt,.srt,text/vtt"
          file={transcript}
          onChange={setTranscript}
          error={errors.transcript}
          hint={episode?.transcriptUrl ? t`A transcript is attached; a new file replaces it.` : t`WebVTT or SubRip`}
        />
        <FileField
          label={t`Chapters (optional)`}
          accept=".json,application/json"
          file={chapters}
          onChange={setChapters}
          error={errors.chapters}
          hint={episode?.chaptersUrl ? t`Chapters are attached; a new file replaces them.` : t`Podcasting 2.0 JSON chapters`}
        />
        <FediverseOptOut checked={fediverse} onCheckedChange={setFediverse} />
        {progress !== null && <ProgressBar value={progress} label={progress < 1 ? t`Uploading` : t`Reading the media`} />}
        <div className="flex justify-end">
          <Button type="submit" busy={progress !== null}>
            {isNew ? t`Upload episode` : t`Save episode`}
          </Button>
        </div>
      </form>
    </section>
  );
}
