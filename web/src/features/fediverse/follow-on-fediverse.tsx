import { useState, type FormEvent } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, Rss } from 'lucide-react';
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
  const handle = useFediverseHandle(tag);
  const [open, setOpen] = useState(false);
  const [visitor, setVisitor] = useState('');
  const [error, setError] = useState<string>();
  if (!handle.data) return null;
  const creatorHandle = handle.data;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!visitor.trim()) return setError(remoteFollowMessages.empty);
    const parsed = parseHandle(visitor);
    if (!parsed) return setError(remoteFollowMessages.invalid);
    setError(undefined);
    window.location.assign(remoteFollowUrl(parsed, creatorHandle));
  }

  return (
    <>
      <Button variant="secondary" size="sm" onClick={() => setOpen(true)}>
        <Rss className="size-4" aria-hidden /> Follow on the Fediverse
      </Button>
      <Modal
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) setError(undefined);
        }}
        title="Follow on the Fediverse"
        description={`Follow ${creatorName} from Mastodon or any other Fediverse server: new events, go-lives and episodes arrive in your timeline.`}
        size="sm"
      >
        <div className="space-y-5">
          <div className="space-y-2">
            <p className="text-sm font-medium text-slate-700">Search for this handle on your server</p>
            <div className="flex flex-wrap items-center gap-2">
              <code className="min-w-0 rounded-md bg-slate-100 px-2 py-1 text-sm break-all text-slate-900" data-testid="fediverse-handle">
                {creatorHandle}
              </code>
              <CopyButton value={creatorHandle} label="Copy handle" />
            </div>
          </div>
          <form onSubmit={onSubmit} noValidate className="space-y-3" aria-label="Follow from your server">
            <TextField
              label="Or enter your own handle"
              placeholder="@you@mastodon.social"
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              value={visitor}
              onChange={(event) => setVisitor(event.target.value)}
              error={error}
              hint="We send you to your server's follow page (Mastodon's /authorize_interaction), where you confirm the follow."
            />
            <Button type="submit">
              <ExternalLink className="size-4" aria-hidden /> Follow from my server
            </Button>
          </form>
        </div>
      </Modal>
    </>
  );
}
