import { UserX } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { EmptyState } from '@web/components/empty-state';
import { ErrorState } from '@web/components/error-state';
import { SkeletonCards } from '@web/components/skeleton';
import { useSession } from '@web/lib/session-store';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';
import { CommentsCard } from './comments-card';
import { FederationOff } from './federation-off';
import { isFederationOff } from './federation-state';
import { FollowersCard } from './followers-card';
import { InstanceBlocksCard } from './instance-blocks-card';
import { PostsCard } from './posts-card';
import { HandleCard, SettingsCard } from './settings-card';

/** The creator's own actor: handle, switches, hashtags, followers, blocks, posts and comments (or why there is none). */
function CreatorSections() {
  const { t } = useLingui();
  const settings = trpc.federation.settings.useQuery();
  const off = settings.isError && isFederationOff(settings.error);
  const followers = trpc.federation.followers.useQuery(undefined, { enabled: settings.isSuccess });

  if (settings.isPending) return <SkeletonCards count={3} label={t`Loading your Fediverse settings`} className="sm:grid-cols-1 xl:grid-cols-1" />;
  if (off) return <FederationOff />;
  if (settings.isError) return <ErrorState title={t`Your Fediverse settings could not be loaded`} error={settings.error} onRetry={() => void settings.refetch()} retrying={settings.isRefetching} />;
  return (
    <>
      <HandleCard handle={settings.data.handle} />
      <SettingsCard settings={settings.data} />
      {followers.isPending ? (
        <SkeletonCards count={1} label={t`Loading your followers`} className="sm:grid-cols-1 xl:grid-cols-1" />
      ) : followers.isError ? (
        <ErrorState title={t`Your followers could not be loaded`} error={followers.error} onRetry={() => void followers.refetch()} retrying={followers.isRefetching} />
      ) : (
        <FollowersCard data={followers.data} />
      )}
      <PostsCard />
      <CommentsCard />
    </>
  );
}

/**
 * /apps/fediverse: the creator as an ActivityPub actor (issue 32): their `@tag@host`, "Publish to the Fediverse",
 * "Approve followers", hashtags, followers, blocks, recent posts and the comments to approve; admins also block servers for the whole install.
 */
export default function FediversePage() {
  const { t } = useLingui();
  useDocumentTitle(t`Fediverse`);
  const isAdmin = useSession((state) => state.user?.role.includes('admin') ?? false);
  const creatorTag = useSession((state) => state.user?.subdomain ?? null);

  return (
    <section className="max-w-3xl min-w-0 space-y-4">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold text-slate-900">
          <Trans>Fediverse</Trans>
        </h1>
        <p className="text-sm text-slate-600">
          <Trans>People on Mastodon and other Fediverse servers can follow you and get your events, go-lives and episodes in their timeline.</Trans>
        </p>
      </header>
      {creatorTag ? (
        <CreatorSections />
      ) : (
        <EmptyState title={t`Your account has no creator page`} icon={<UserX className="size-10" aria-hidden />}>
          <Trans>Only accounts with a creator page (a creator tag) can be followed on the Fediverse.</Trans>
        </EmptyState>
      )}
      {isAdmin && <InstanceBlocksCard />}
    </section>
  );
}
