import { useCallback, useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Ban, Globe, UserCheck } from 'lucide-react';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { BannedChatUser, UnbanChatUserAnswer } from '@server/domains/chat/chat.schemas';
import { Avatar } from '@web/components/avatar';
import { Button } from '@web/components/button';
import { EmptyState } from '@web/components/empty-state';
import { Modal } from '@web/components/modal';
import { QueryState, type QueryLike } from '@web/components/query-state';
import { Spinner } from '@web/components/spinner';
import { formatDateTime } from '@web/lib/i18n/format';
import { i18n } from '@web/lib/i18n/i18n';
import { unexpectedErrorText } from './chat-texts';

const noOneBanned = msg`No one is banned from this chat`;

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : unexpectedErrorText();
}

/** The name a moderator knows a chatter by: the one they chatted under, else their account's. */
export function bannedName(banned: BannedChatUser): string {
  return banned.chatName ?? banned.displayName;
}

function bannedWhen(iso: string): string {
  return formatDateTime(iso, { dateStyle: 'medium', timeStyle: 'short' });
}

/**
 * The room's banned chatters for a moderator, loaded while `enabled` and again whenever `reloadKey` changes
 * (the room's live ban news), so a ban or unban made anywhere shows up here.
 */
export function useBannedChatters(load: () => Promise<BannedChatUser[]>, enabled: boolean, reloadKey: unknown): QueryLike<BannedChatUser[]> {
  const [data, setData] = useState<BannedChatUser[] | undefined>(undefined);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!enabled) {
      setData(undefined);
      setError(null);
      return;
    }
    let current = true;
    setLoading(true);
    Promise.resolve()
      .then(load)
      .then((answer) => {
        if (!current) return;
        setData(answer);
        setError(null);
      })
      .catch((failure: unknown) => {
        console.warn('banned chatters not loaded', failure);
        if (current) setError(failure);
      })
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [load, enabled, reloadKey, attempt]);

  const refetch = useCallback(() => setAttempt((value) => value + 1), []);
  const failed = error !== null;
  return { data, error, isPending: data === undefined && !failed, isError: failed && data === undefined, isRefetching: loading, refetch };
}

/** A Fediverse actor's ban: its handle (or its actor id when it never wrote here), linked to the actor, and the mark. */
function RemoteActorLine({ origin }: { origin: NonNullable<BannedChatUser['origin']> }) {
  const label = origin.handle ?? origin.url;
  return (
    <p className="flex min-w-0 items-center gap-1 text-xs text-violet-800" data-testid="banned-origin">
      <Globe className="size-3 shrink-0" aria-hidden />
      {/^https?:\/\//i.test(origin.url) ? (
        <a href={origin.url} target="_blank" rel="noopener noreferrer nofollow ugc" className="truncate hover:underline">
          {label}
        </a>
      ) : (
        <span className="truncate">{label}</span>
      )}
      <span className="shrink-0 text-slate-500">
        <Trans>via Fediverse</Trans>
      </span>
    </p>
  );
}

function BannedChatterRow({ banned, onUnban }: { banned: BannedChatUser; onUnban: (banned: BannedChatUser) => Promise<void> }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  const name = bannedName(banned);
  const when = bannedWhen(banned.bannedAt);
  return (
    <li className="flex items-center gap-3 py-3">
      <Avatar name={name} className="size-9! shrink-0 text-sm" />
      <div className="min-w-0 flex-1">
        <p className="truncate font-medium text-slate-900">
          <span>{name}</span>
          {banned.chatName && banned.chatName !== banned.displayName && <span className="ms-1 font-normal text-slate-500">({banned.displayName})</span>}
        </p>
        {banned.origin && <RemoteActorLine origin={banned.origin} />}
        <p className="text-xs text-slate-500">
          {banned.bannedBy ? (
            <Trans>
              Banned <time dateTime={banned.bannedAt}>{when}</time> by {banned.bannedBy.displayName}
            </Trans>
          ) : (
            <Trans>
              Banned <time dateTime={banned.bannedAt}>{when}</time>
            </Trans>
          )}
        </p>
      </div>
      <Button
        variant="secondary"
        size="sm"
        busy={busy}
        aria-label={t`Unban ${name}`}
        className="shrink-0"
        onClick={() => {
          setBusy(true);
          void onUnban(banned).finally(() => setBusy(false));
        }}
      >
        {!busy && <UserCheck className="size-4" aria-hidden />}
        <Trans>Unban</Trans>
      </Button>
    </li>
  );
}

/** The header button of a moderator's chat ("Banned" and the count) and the dialog that lifts bans. */
export function ChatBannedUsers({ banned, unban }: { banned: QueryLike<BannedChatUser[]>; unban: (userId: string) => Promise<UnbanChatUserAnswer> }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const { refetch } = banned;

  const onUnban = async (chatter: BannedChatUser) => {
    const name = bannedName(chatter);
    try {
      const answer = await unban(chatter.userId);
      if (answer.unbanned) toast.success(t`${name} can chat again`);
      else toast.info(t`${name} was no longer banned`);
      refetch();
    } catch (error) {
      toast.error(reasonOf(error));
    }
  };

  return (
    <>
      <Button variant="ghost" size="sm" onClick={() => setOpen(true)} title={t`Banned chatters`} className="shrink-0 px-2">
        <Ban className="size-4" aria-hidden />
        <Trans>Banned</Trans>
        {banned.data && <span className="rounded-full bg-slate-100 px-1.5 text-xs font-semibold text-slate-700">{banned.data.length}</span>}
      </Button>
      <Modal open={open} onOpenChange={setOpen} title={t`Banned chatters`} description={t`Unbanned chatters can write in this chat again at once.`} size="sm">
        <QueryState
          query={banned}
          loading={<Spinner label={t`Loading banned chatters`} className="py-8" />}
          errorTitle={t`Could not load the banned chatters`}
          empty={<EmptyState title={i18n._(noOneBanned)} icon={<UserCheck className="size-10" aria-hidden />} className="border-0 py-8" />}
        >
          {(list) => (
            <ul aria-label={t`Banned chatters`} className="divide-y divide-slate-100">
              {list.map((chatter) => (
                <BannedChatterRow key={chatter.userId} banned={chatter} onUnban={onUnban} />
              ))}
            </ul>
          )}
        </QueryState>
      </Modal>
    </>
  );
}
