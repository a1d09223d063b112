import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Rss } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button } from '@web/components/button';
import { CopyButton } from '@web/components/copy-button';
import { Modal } from '@web/components/modal';
import { TextField } from '@web/components/text-field';
import { readJson } from '@web/lib/download';
import { handleFromWebFinger, parseHandle, remoteFollowMessages, remoteFollowUrl } from './remote-follow';

/**
 * The creator's `@tag@host` as this server's WebFinger answers it (host from PUBLIC_URL), or null when the server
 * does not federate (no WebFinger route, or the creator is no actor).
 */
function useFediverseHandle(tag: string) {
  return useQuery({
    queryKey: ['fediverse-handle', tag],
    queryFn: async () => {
      const resource = `${window.location.origin}/c/${encodeURIComponent(tag)}`;
      // No answer (404 when the server does not federate, or any failure): no button.
      const answer = await readJson<unknown>(`/.well-known/webfinger?resource=${encodeURIComponent(resource)}`).catch(() => null);
      return answer === null ? null : handleFromWebFinger(answer, tag);
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/** "Follow on the Fediverse" on the creator page: the handle to copy and a remote follow through the visitor's server. */
export function FollowOnFediverse({ tag, creatorName }: { tag: string; creatorName: string }) {
  const { t } = useLingui();
  const handle = useFediverseHandle(tag);
  const [open, setOpen] = useState(false);
  const [visitor, setVisitor] = useState('');
  const [error, setError] = useState<string>();
  if (!handle.data) return null;
  const creatorHandle = handle.data;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!visitor.trim()) return setError(t(remoteFollowMessages.empty));
    const parsed = parseHandle(visitor);
    if (!parsed) return setError(t(remoteFollowMessages.invalid));
    setError(undefined);
    window.location.assign(remoteFollowUrl(parsed, creatorHandle));
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Rss className="size-4" aria-hidden /> <Trans>Follow on the Fediverse</Trans>
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(undefined);
        }}
        title={t`Follow on the Fediverse`}
        description={t`Follow ${creatorName} from Mastodon or any other Fediverse server: new events, go-lives and episodes arrive in your timeline.`}
        size="sm"
      >
        <div className="space-y-5">
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-700">
              <Trans>Search for this handle on your server</Trans>
            </p>
            <div className="flex flex-wrap items-center gap-2">
              <code className="min-w-0 rounded-md bg-slate-100 px-2 py-1 text-sm break-all text-slate-900" data-testid="fediverse-handle">
                {creatorHandle}
              </code>
              <CopyButton value={creatorHandle} label={t`Copy handle`} />
            </div>
          </div>
          <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label={t`Follow from your server`}>
            <TextField
              label={t`Or enter your own handle`}
              placeholder="@you@mastodon.social"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={visitor}
              onChange={(event) => setVisitor(event.target.value)}
              error={error}
              hint={t`We send you to your server's follow page (Mastodon's /authorize_interaction), where you confirm the follow.`}
            />
            <Button type="submit">
              <ExternalLink className="size-4" aria-hidden /> <Trans>Follow from my server</Trans>
            </Button>
          </form>
        </div>
      </Modal>
    </>
  );
}
