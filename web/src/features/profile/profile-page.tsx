import { Redirect, useParams } from 'wouter';
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

const tabs = [
  { id: 'about', title: 'About' },
  { id: 'subscriptions', title: 'Subscriptions' },
  { id: 'security', title: 'Security' },
  { id: 'api', title: 'API' },
] as const;

/** /profile/{userId}/{tab?}: the signed-in creator's own profile (another id opens one's own). */
export default function ProfilePage() {
  const params = useParams<{ userId: string; tab?: string }>();
  const me = useSession((state) => state.user);
  const profile = trpc.profile.get.useQuery();
  useDocumentTitle('Profile');
  const tab = tabs.find((candidate) => candidate.id === params.tab)?.id;
  if (me && (params.userId !== me.id || (params.tab !== undefined && !tab))) return <Redirect to={`/profile/${me.id}/${tab ?? 'about'}`} replace />;
  if (profile.isPending) return <Spinner label="Loading profile" className="py-20" />;
  if (profile.isError) return <EmptyState title="The profile could not be loaded">{profile.error.message}</EmptyState>;
  const active = tab ?? 'about';
  return (
    <section className="max-w-3xl space-y-4">
      <h1 className="text-2xl font-bold text-slate-900">Profile</h1>
      <div className="flex items-center gap-4">
        <Avatar name={profile.data.displayName} imageUrl={profile.data.imageUrl} className="size-16 text-2xl" />
        <div>
          <p className="text-lg font-semibold text-slate-900">{profile.data.displayName}</p>
          {profile.data.creatorTag && <p className="text-sm text-slate-500">@{profile.data.creatorTag}</p>}
        </div>
      </div>
      <LinkTabs label="Profile sections" active={active} tabs={tabs.map((item) => ({ ...item, href: `/profile/${profile.data.id}/${item.id}` }))} />
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
