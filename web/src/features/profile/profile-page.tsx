import { Redirect, useParams } from 'wouter';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { ApiTokensPanel } from '@web/components/api-tokens-panel';
import { Avatar } from '@web/components/avatar';
import { ChangePasswordForm } from '@web/components/change-password-form';
import { EmptyState } from '@web/components/empty-state';
import { LinkTabs } from '@web/components/link-tabs';
import { Spinner } from '@web/components/spinner';
import { useSession } from '@web/lib/session-store';
import { useDocumentTitle } from '@web/lib/site-name';
import { trpc } from '@web/lib/trpc';
import { AboutTab } from './about-tab';
import { SubscriptionsTab } from './subscriptions-tab';

const allTabs = [
  { id: 'about', title: msg`About`, creatorOnly: false },
  { id: 'subscriptions', title: msg`Subscriptions`, creatorOnly: true },
  { id: 'security', title: msg`Security`, creatorOnly: false },
  { id: 'api', title: msg`API`, creatorOnly: true },
] as const;

/** The profile tabs of an account with these roles: plans and API tokens are a creator's (or admin's). */
export function profileTabsFor(roles: readonly string[]) {
  const creator = roles.includes('admin') || roles.includes('dj');
  return allTabs.filter((tab) => creator || !tab.creatorOnly);
}

/**
 * /profile/{userId}/{tab?}: the signed-in account's own profile (another id opens one's own). Every dashboard
 * account has About (names, email, photo) and Security; creators and admins also Subscriptions and API.
 */
export default function ProfilePage() {
  const { t } = useLingui();
  const params = useParams<{ userId: string; tab?: string }>();
  const me = useSession((state) => state.user);
  const profile = trpc.profile.get.useQuery();
  useDocumentTitle(t`Profile`);
  const tabs = profileTabsFor(me?.role ?? []);
  const tab = tabs.find((candidate) => candidate.id === params.tab)?.id;
  if (me && (params.userId !== me.id || (params.tab !== undefined && !tab))) return <Redirect to={`/profile/${me.id}/${tab ?? 'about'}`} replace />;
  if (profile.isPending) return <Spinner label={t`Loading profile`} className="py-20" />;
  if (profile.isError) return <EmptyState title={t`The profile could not be loaded`}>{profile.error.message}</EmptyState>;
  const active = tab ?? 'about';
  return (
    <section className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Profile</Trans>
      </h1>
      <div className="flex items-center gap-4">
        <Avatar name={profile.data.displayName} imageUrl={profile.data.imageUrl} className="size-16 text-2xl" />
        <div>
          <p className="text-lg font-semibold text-slate-900">{profile.data.displayName}</p>
          {profile.data.creatorTag && (
            <p className="text-sm text-slate-500" dir="ltr">
              @{profile.data.creatorTag}
            </p>
          )}
        </div>
      </div>
      <LinkTabs label={t`Profile sections`} active={active} tabs={tabs.map((item) => ({ id: item.id, title: t(item.title), href: `/profile/${profile.data.id}/${item.id}` }))} />
      {active === 'about' && <AboutTab profile={profile.data} />}
      {active === 'subscriptions' && <SubscriptionsTab />}
      {active === 'api' && <ApiTokensPanel />}
      {active === 'security' && (
        <div className="max-w-lg">
          <ChangePasswordForm />
        </div>
      )}
    </section>
  );
}
