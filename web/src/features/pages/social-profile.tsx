import { useState, type ReactNode } from 'react';
import { Briefcase, Heart, Image as ImageIcon, Mail, MapPin, MessageSquare, Phone, PlayCircle, Share2, Users } from 'lucide-react';
import { Avatar } from '@web/components/avatar';
import { cx } from '@web/components/cx';
import { EmptyState } from '@web/components/empty-state';
import { QueryState } from '@web/components/query-state';
import { SkeletonCards, SkeletonList } from '@web/components/skeleton';
import { roleLabel } from '@web/lib/role-labels';
import { useSession } from '@web/lib/session-store';
import { trpc } from '@web/lib/trpc';
import type { ProfileAbout, ProfileMediaGroup, ProfileTimeline } from '@server/domains/demo/profile/profile.schemas';
import * as RadixTabs from '@radix-ui/react-tabs';
import { Plural, Trans, useLingui } from '@lingui/react/macro';

/** A picture from the sample data; the sample's asset paths may be missing here, so a failed one shows a placeholder. */
function Picture({ src, alt, className }: { src: string; alt: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !src) {
    return (
      <span {...(alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true })} className={cx('flex items-center justify-center bg-slate-100 text-slate-400', className)}>
        <ImageIcon className="size-8" aria-hidden />
      </span>
    );
  }
  return <img src={src} alt={alt} loading="lazy" onError={() => setFailed(true)} className={cx('object-cover', className)} />;
}

function Person({ name, avatar, className }: { name: string; avatar: string; className?: string }) {
  const [failed, setFailed] = useState(false);
  if (failed || !avatar) return <Avatar name={name} className={className} />;
  return <img src={avatar} alt="" onError={() => setFailed(true)} className={cx('size-9 shrink-0 rounded-full object-cover', className)} />;
}

function Panel({ title, icon, children }: { title: string; icon?: ReactNode; children: ReactNode }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white">
      <h2 className="flex items-center gap-2 border-b border-slate-100 px-4 py-3 font-semibold text-slate-900 [&>svg]:size-4 [&>svg]:text-brand-600">
        {icon}
        {title}
      </h2>
      <div className="p-4">{children}</div>
    </section>
  );
}

function Timeline({ timeline }: { timeline: ProfileTimeline }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
      <div className="min-w-0 space-y-4">
        {timeline.posts.length === 0 && <EmptyState title={t`No posts yet`} />}
        {timeline.posts.map((post) => (
          <article key={post.id} className="rounded-lg border border-slate-200 bg-white" aria-label={t`Post by ${post.user.name}`}>
            <header className="flex items-center gap-3 px-4 pt-4">
              <Person name={post.user.name} avatar={post.user.avatar} />
              <div className="min-w-0">
                <p className="truncate text-sm">
                  <span className="font-semibold text-slate-900">{post.user.name}</span>{' '}
                  <span className="text-slate-500">{post.type === 'article' ? t`shared an article` : post.type === 'post' ? t`posted` : t`shared something`}</span>
                </p>
                <p className="text-xs text-slate-500">{post.time}</p>
              </div>
            </header>
            <div className="space-y-3 px-4 py-3">
              {post.message && <p className="text-sm text-slate-700">{post.message}</p>}
              {post.media && <Picture src={post.media.preview} alt={t`Post media`} className="max-h-80 w-full rounded-md" />}
              {post.article && (
                <div className="overflow-hidden rounded-md border border-slate-200">
                  <Picture src={post.article.media.preview} alt="" className="h-40 w-full" />
                  <div className="space-y-1 p-3">
                    <p className="font-semibold text-slate-900">{post.article.title}</p>
                    <p className="text-xs text-slate-500">{post.article.subtitle}</p>
                    <p className="text-sm text-slate-700">{post.article.excerpt}</p>
                  </div>
                </div>
              )}
            </div>
            <footer className="flex flex-wrap items-center gap-4 border-t border-slate-100 px-4 py-2 text-sm text-slate-600">
              <span className="flex items-center gap-1">
                <Heart className="size-4" aria-hidden /> <Plural value={post.like} one="# like" other="# likes" />
              </span>
              <span className="flex items-center gap-1">
                <Share2 className="size-4" aria-hidden /> <Plural value={post.share} one="# share" other="# shares" />
              </span>
              <span className="flex items-center gap-1">
                <MessageSquare className="size-4" aria-hidden /> <Plural value={post.comments.length} one="# comment" other="# comments" />
              </span>
            </footer>
            {post.comments.length > 0 && (
              <ul className="space-y-3 border-t border-slate-100 bg-slate-50 px-4 py-3" aria-label={t`Comments`}>
                {post.comments.map((comment) => (
                  <li key={comment.id} className="flex gap-3">
                    <Person name={comment.user.name} avatar={comment.user.avatar} className="size-8" />
                    <div className="min-w-0 text-sm">
                      <p>
                        <span className="font-semibold text-slate-900">{comment.user.name}</span> <span className="text-xs text-slate-500">{comment.time}</span>
                      </p>
                      <p className="text-slate-700">{comment.message}</p>
                    </div>
                  </li>
                ))}
              </ul>
            )}
          </article>
        ))}
      </div>
      <Panel title={t`Latest activity`}>
        {timeline.activities.length === 0 ? (
          <p className="text-sm text-slate-500">
            <Trans>Nothing happened yet.</Trans>
          </p>
        ) : (
          <ul className="space-y-3">
            {timeline.activities.map((activity) => (
              <li key={activity.id} className="flex gap-3 text-sm">
                <Person name={activity.user.name} avatar={activity.user.avatar} className="size-8" />
                <div className="min-w-0">
                  <p className="text-slate-700">
                    <span className="font-semibold text-slate-900">{activity.user.name}</span> {activity.message}
                  </p>
                  <p className="text-xs text-slate-500">{activity.time}</p>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Panel>
    </div>
  );
}

function PhotosVideos({ groups }: { groups: ProfileMediaGroup[] }) {
  const { t } = useLingui();
  return (
    <div className="space-y-6">
      {groups.map((group) => (
        <section key={group.id} aria-label={group.name}>
          <div className="mb-2 flex flex-wrap items-baseline gap-2">
            <h2 className="font-semibold text-slate-900">{group.name}</h2>
            <span className="text-sm text-slate-500">{group.info}</span>
          </div>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
            {group.media.map((item, index) => (
              <li key={`${group.id}-${index}`} className="relative overflow-hidden rounded-lg border border-slate-200 bg-white">
                <Picture src={item.preview} alt={item.title} className="aspect-square w-full" />
                {item.type === 'video' && <PlayCircle className="absolute start-2 top-2 size-6 text-white drop-shadow" aria-label={t`Video`} />}
                <p className="truncate px-2 py-1 text-xs text-slate-600">{item.title}</p>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 break-words text-sm text-slate-800">{children}</dd>
    </div>
  );
}

function About({ about }: { about: ProfileAbout }) {
  const { t } = useLingui();
  return (
    <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
      <div className="min-w-0 space-y-4">
        <Panel title={t`General information`}>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Row label={t`Gender`}>{about.general.gender}</Row>
            <Row label={t`Birthday`}>{about.general.birthday}</Row>
            <Row label={t`Locations`}>
              <span className="flex flex-wrap gap-1">
                {about.general.locations.map((location) => (
                  <span key={location} className="inline-flex items-center gap-1">
                    <MapPin className="size-3" aria-hidden />
                    {location}
                  </span>
                ))}
              </span>
            </Row>
            <div className="sm:col-span-2">
              <Row label={t`About me`}>{about.general.about}</Row>
            </div>
          </dl>
        </Panel>
        <Panel title={t`Work`} icon={<Briefcase aria-hidden />}>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Row label={t`Occupation`}>{about.work.occupation}</Row>
            <Row label={t`Skills`}>{about.work.skills}</Row>
            <div className="sm:col-span-2">
              <Row label={t`Jobs`}>
                <ul className="space-y-1">
                  {about.work.jobs.map((job) => (
                    <li key={`${job.company}-${job.date}`} className="flex flex-wrap justify-between gap-2">
                      <span>{job.company}</span>
                      <span className="text-slate-500">{job.date}</span>
                    </li>
                  ))}
                </ul>
              </Row>
            </div>
          </dl>
        </Panel>
        <Panel title={t`Contact`} icon={<Mail aria-hidden />}>
          <dl className="grid gap-3 sm:grid-cols-2">
            <Row label={t`Address`}>{about.contact.address}</Row>
            <Row label={t`Phone`}>
              {about.contact.tel.map((tel) => (
                <span key={tel} className="flex items-center gap-1">
                  <Phone className="size-3" aria-hidden />
                  {tel}
                </span>
              ))}
            </Row>
            <Row label={t`Websites`}>
              {about.contact.websites.map((site) => (
                <span key={site} className="block">
                  {site}
                </span>
              ))}
            </Row>
            <Row label={t`Emails`}>
              {about.contact.emails.map((email) => (
                <span key={email} className="block">
                  {email}
                </span>
              ))}
            </Row>
          </dl>
        </Panel>
      </div>
      <div className="space-y-4">
        <Panel title={t`Friends`} icon={<Users aria-hidden />}>
          <ul className="grid grid-cols-3 gap-3">
            {about.friends.map((friend) => (
              <li key={friend.id} className="flex flex-col items-center gap-1 text-center">
                <Person name={friend.name} avatar={friend.avatar} className="size-12" />
                <span className="w-full truncate text-xs text-slate-700">{friend.name}</span>
              </li>
            ))}
          </ul>
        </Panel>
        <Panel title={t`Joined groups`}>
          <ul className="space-y-2">
            {about.groups.map((group) => (
              <li key={group.id} className="text-sm">
                <p className="font-medium text-slate-900">{group.name}</p>
                <p className="text-xs text-slate-500">
                  {group.category} · <Plural value={group.members} one="# member" other="# members" />
                </p>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </div>
  );
}

const tabClasses =
  'shrink-0 rounded-md px-3 py-2 text-sm font-medium text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-500 data-[state=active]:bg-brand-50 data-[state=active]:text-brand-700';

/** The social profile (demo-apps.md §3 Social profile) under the signed-in user's name and picture. */
export default function SocialProfile() {
  const { t } = useLingui();
  const user = useSession((state) => state.user);
  const timeline = trpc.demo.profile.timeline.useQuery();
  const photosVideos = trpc.demo.profile.photosVideos.useQuery();
  const about = trpc.demo.profile.about.useQuery();
  const name = user?.displayName ?? t`Profile`;
  return (
    <div className="mx-auto w-full max-w-6xl space-y-4">
      <section className="overflow-hidden rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <div className="h-24 bg-gradient-to-r rtl:bg-gradient-to-l from-brand-500 to-brand-700 sm:h-32" aria-hidden />
        <div className="-mt-10 flex flex-col items-start gap-3 px-4 pb-4 sm:flex-row sm:items-end sm:px-6">
          <Avatar name={name} imageUrl={user?.imageUrl} className="size-20 border-4 border-white text-2xl" />
          <div className="min-w-0 pb-1">
            <h1 className="truncate text-2xl font-bold text-slate-900">{name}</h1>
            {user && (
              <p className="text-sm text-slate-500">
                {user.role.map(roleLabel).join(', ')} · <span className="break-all">{user.email}</span>
              </p>
            )}
          </div>
        </div>
      </section>
      <RadixTabs.Root defaultValue="timeline" className="space-y-4">
        <RadixTabs.List aria-label={t`Profile sections`} className="flex gap-1 overflow-x-auto rounded-lg border border-slate-200 bg-white p-1">
          <RadixTabs.Trigger value="timeline" className={tabClasses}>
            <Trans>Timeline</Trans>
          </RadixTabs.Trigger>
          <RadixTabs.Trigger value="media" className={tabClasses}>
            <Trans>Photos &amp; Videos</Trans>
          </RadixTabs.Trigger>
          <RadixTabs.Trigger value="about" className={tabClasses}>
            <Trans>About</Trans>
          </RadixTabs.Trigger>
        </RadixTabs.List>
        <RadixTabs.Content value="timeline">
          <QueryState query={timeline} errorTitle={t`Could not load the timeline`} loading={<SkeletonList rows={4} label={t`Loading the timeline`} />}>
            {(data) => <Timeline timeline={data} />}
          </QueryState>
        </RadixTabs.Content>
        <RadixTabs.Content value="media">
          <QueryState
            query={photosVideos}
            errorTitle={t`Could not load the photos and videos`}
            loading={<SkeletonCards count={8} label={t`Loading photos and videos`} className="grid-cols-2 sm:grid-cols-3 lg:grid-cols-4" />}
            empty={<EmptyState title={t`No photos or videos yet`} />}
          >
            {(groups) => <PhotosVideos groups={groups} />}
          </QueryState>
        </RadixTabs.Content>
        <RadixTabs.Content value="about">
          <QueryState query={about} errorTitle={t`Could not load the profile details`} loading={<SkeletonCards count={3} label={t`Loading the profile details`} />}>
            {(data) => <About about={data} />}
          </QueryState>
        </RadixTabs.Content>
      </RadixTabs.Root>
    </div>
  );
}
