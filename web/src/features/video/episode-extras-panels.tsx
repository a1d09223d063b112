import { useEffect, useMemo, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ListOrdered, Rss, ScrollText } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { buttonClasses } from '@web/components/button';
import { CopyButton } from '@web/components/copy-button';
import { cx } from '@web/components/cx';
import { Spinner } from '@web/components/spinner';
import { readText } from '@web/lib/download';
import { activeIndex, clockTime, parseChapters, parseTranscript, podcastAppLinks, type Chapter, type TranscriptCue } from './episode-extras';

/** The player's position, updated as it plays and when it seeks. */
function useMediaTime(media: RefObject<HTMLMediaElement | null>): number {
  const [time, setTime] = useState(0);
  useEffect(() => {
    const element = media.current;
    if (!element) return;
    const update = () => setTime(element.currentTime);
    update();
    element.addEventListener('timeupdate', update);
    element.addEventListener('seeked', update);
    return () => {
      element.removeEventListener('timeupdate', update);
      element.removeEventListener('seeked', update);
    };
  }, [media]);
  return time;
}

/** Jumps the player to a time and keeps (or starts) playing; a click is the gesture browsers ask for. */
function seek(media: RefObject<HTMLMediaElement | null>, seconds: number) {
  const element = media.current;
  if (!element) return;
  element.currentTime = seconds;
  if (element.paused) void element.play().catch(() => undefined);
}

/** The title's RSS feed: copy it, or hand it to a podcast app (`podcast://` for Apple Podcasts, `pcast://` for the others). */
export function SubscribeRow({ feedUrl, titleName }: { feedUrl: string; titleName: string }) {
  const { t } = useLingui();
  const links = podcastAppLinks(feedUrl);
  return (
    <section aria-labelledby="subscribe-heading" className="space-y-2 rounded-lg border border-slate-200 bg-white p-4" data-testid="subscribe-row">
      <h2 id="subscribe-heading" className="flex items-center gap-1.5 text-sm font-semibold text-slate-900">
        <Rss className="size-4 text-orange-500" aria-hidden /> <Trans>Subscribe to {titleName}</Trans>
      </h2>
      <div className="flex flex-wrap items-center gap-2">
        <input
          readOnly
          value={feedUrl}
          aria-label={t`Podcast feed URL`}
          dir="ltr"
          className="h-8 min-w-0 flex-1 basis-64 rounded-md border border-slate-300 bg-slate-50 px-3 text-sm text-slate-700"
          onFocus={(event) => event.target.select()}
        />
        <CopyButton value={feedUrl} label={t`Copy feed URL`} />
        <a href={links.apple} className={buttonClasses('secondary', 'sm')}>
          <Trans>Open in Apple Podcasts</Trans>
        </a>
        <a href={links.other} className={buttonClasses('secondary', 'sm')}>
          <Trans>Open in podcast app</Trans>
        </a>
      </div>
    </section>
  );
}

function Panel({ id, icon, title, className, children }: { id: string; icon: ReactNode; title: string; className?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className={cx('space-y-3 rounded-lg border border-slate-200 bg-white p-4', className)}>
      <h2 id={id} className="flex items-center gap-1.5 text-lg font-semibold text-slate-900">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The Podcasting 2.0 chapters as a list; choosing one seeks the player to its start. */
export function EpisodeChapters({ url, media }: { url: string; media: RefObject<HTMLMediaElement | null> }) {
  const { t } = useLingui();
  const chapters = useQuery({ queryKey: ['episode-chapters', url], queryFn: async () => parseChapters(JSON.parse(await readText(url))), staleTime: Infinity, retry: false });
  const time = useMediaTime(media);
  const current = activeIndex(chapters.data ?? [], time);
  return (
    <Panel id="chapters-heading" icon={<ListOrdered className="size-5 text-slate-500" aria-hidden />} title={t`Chapters`}>
      {chapters.isPending && <Spinner label={t`Loading chapters`} className="py-4" />}
      {chapters.isError && (
        <p className="text-sm text-slate-500">
          <Trans>The chapters could not be loaded.</Trans>
        </p>
      )}
      {chapters.data?.length === 0 && (
        <p className="text-sm text-slate-500">
          <Trans>No chapters.</Trans>
        </p>
      )}
      {!!chapters.data?.length && (
        <ol className="space-y-1" data-testid="chapter-list">
          {chapters.data.map((chapter: Chapter, index) => (
            <li key={`${chapter.start}-${index}`}>
              <button
                type="button"
                onClick={() => seek(media, chapter.start)}
                aria-current={index === current || undefined}
                className={cx(
                  'flex w-full items-baseline gap-3 rounded-md px-2 py-1.5 text-start text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500',
                  index === current ? 'bg-brand-50 font-medium text-brand-800' : 'text-slate-700',
                )}
              >
                <span className="w-12 shrink-0 font-mono text-xs text-slate-600 tabular-nums" dir="ltr">{clockTime(chapter.start)}</span>
                <span className="min-w-0 flex-1">{chapter.title}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

/** The WebVTT or SubRip transcript as readable text; the line being spoken is highlighted, and a line's time seeks there. */
export function EpisodeTranscript({ url, media, className }: { url: string; media: RefObject<HTMLMediaElement | null>; className?: string }) {
  const { t } = useLingui();
  const transcript = useQuery({ queryKey: ['episode-transcript', url], queryFn: () => readText(url), staleTime: Infinity, retry: false });
  const cues = useMemo<TranscriptCue[]>(() => (transcript.data ? parseTranscript(transcript.data) : []), [transcript.data]);
  const time = useMediaTime(media);
  const current = activeIndex(cues, time);
  const list = useRef<HTMLOListElement | null>(null);
  useEffect(() => {
    const container = list.current;
    const item = container?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!container || !item) return;
    // Keep the spoken line in view inside the transcript box, without scrolling the page.
    if (item.offsetTop < container.scrollTop || item.offsetTop + item.offsetHeight > container.scrollTop + container.clientHeight) {
      container.scrollTo({ top: item.offsetTop - container.clientHeight / 3, behavior: 'smooth' });
    }
  }, [current]);
  return (
    <Panel id="transcript-heading" icon={<ScrollText className="size-5 text-slate-500" aria-hidden />} title={t`Transcript`} className={className}>
      {transcript.isPending && <Spinner label={t`Loading transcript`} className="py-4" />}
      {transcript.isError && (
        <p className="text-sm text-slate-500">
          <Trans>The transcript could not be loaded.</Trans>
        </p>
      )}
      {transcript.data !== undefined && cues.length === 0 && <p className="text-sm whitespace-pre-line text-slate-700">{transcript.data.trim() || t`The transcript is empty.`}</p>}
      {cues.length > 0 && (
        <ol ref={list} className="relative max-h-96 space-y-1 overflow-y-auto" data-testid="transcript">
          {cues.map((cue, index) => (
            <li key={`${cue.start}-${index}`} aria-current={index === current || undefined} className={cx('flex gap-3 rounded-md px-2 py-1 text-sm leading-relaxed', index === current ? 'bg-brand-50 text-slate-900' : 'text-slate-700')}>
              <button type="button" onClick={() => seek(media, cue.start)} className="w-12 shrink-0 text-start font-mono text-xs text-brand-700 tabular-nums hover:underline" dir="ltr" aria-label={t`Play from ${clockTime(cue.start)}`}>
                {clockTime(cue.start)}
              </button>
              <span className="min-w-0 flex-1">{cue.text}</span>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}
