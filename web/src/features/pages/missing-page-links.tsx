import { CalendarX2, FileQuestion, Podcast } from 'lucide-react';
import { Link } from 'wouter';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MissingKind } from '@server/domains/public-pages/not-found.schemas';
import { Logo } from '@web/components/logo';
import { trpc } from '@web/lib/trpc';

const icons = { event: CalendarX2, episode: FileQuestion, podcast: Podcast } as const;

/** The server's `notFoundTexts` (the spec's English), in the reader's language. */
const missingTexts: Record<MissingKind, { title: MessageDescriptor; detail: MessageDescriptor }> = {
  event: { title: msg`Event not found`, detail: msg`This event does not exist, or it was removed.` },
  episode: { title: msg`Episode not found`, detail: msg`This episode does not exist or is not published yet.` },
  podcast: { title: msg`Podcast not found`, detail: msg`This podcast does not exist, or it was removed.` },
};

/** Where the reader of a not-found page goes next: the creator's page when there is one, and home (never the dashboard). */
export function NotFoundLinks({ creator }: { creator?: { displayName: string; pagePath: string } | null }) {
  const { t } = useLingui();
  const displayName = creator?.displayName;
  return (
    <nav aria-label={t`Where to go next`} className="flex flex-wrap items-center justify-center gap-x-6 gap-y-2" data-testid="not-found-links">
      {creator && (
        <Link href={creator.pagePath} className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800" data-testid="not-found-creator-link">
          <Trans>Visit {displayName}'s page</Trans>
        </Link>
      )}
      <a href="/" className="font-medium text-brand-700 underline underline-offset-4 hover:text-brand-800" data-testid="not-found-home-link">
        <Trans>Go to the home page</Trans>
      </a>
    </nav>
  );
}

/**
 * A missing event, episode or podcast: what is missing and where to go next (the creator's page, found by the tag in
 * the address or, for an episode, from the episode itself, when the creator exists; and home).
 */
export function MissingPage({ kind, tag, id, message }: { kind: MissingKind; tag?: string; id?: string; message?: string }) {
  const found = trpc.publicPages.missingPage.useQuery({ kind, ...(tag ? { tag } : {}), ...(id ? { id } : {}) }, { retry: false });
  const Icon = icons[kind];
  const { t } = useLingui();
  const texts = missingTexts[kind];
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center" data-testid="missing-page">
      <Logo />
      <Icon className="size-10 text-brand-500" aria-hidden />
      <h1 className="text-xl font-semibold text-slate-900">{message ?? t(texts.title)}</h1>
      <p className="max-w-md text-slate-600">{t(texts.detail)}</p>
      {found.isPending ? <span className="h-6" aria-hidden /> : <NotFoundLinks creator={found.data?.creator} />}
    </main>
  );
}
