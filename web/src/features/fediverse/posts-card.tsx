import { Heart, MessageCircle, Repeat2 } from 'lucide-react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import type { PostOutput } from '@server/domains/federation/federation.schemas';
import { QueryState } from '@web/components/query-state';
import { SkeletonList } from '@web/components/skeleton';
import { trpc } from '@web/lib/trpc';
import { formatWhen } from './federation-state';

const kindLabels: Record<PostOutput['kind'], MessageDescriptor> = { event: msg`New event`, live: msg`Live now`, episode: msg`New episode`, replay: msg`Replay` };

/** The creator's recent Fediverse posts with how many likes, boosts and replies each got. */
export function PostsCard() {
  const { t } = useLingui();
  const posts = trpc.federation.posts.useQuery();
  return (
    <section aria-labelledby="fediverse-posts-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id="fediverse-posts-heading" className="text-lg font-semibold text-slate-900">
        <Trans>Recent posts</Trans>
      </h2>
      <QueryState
        query={posts}
        loading={<SkeletonList rows={3} avatar={false} label={t`Loading your posts`} />}
        errorTitle={t`Your posts could not be loaded`}
        isEmpty={(data) => data.posts.length === 0}
        empty={
          <p className="text-sm text-slate-500">
            <Trans>Nothing posted yet. New public events, going live and new episodes are posted here while publishing is on.</Trans>
          </p>
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label={t`Posts`}>
            {data.posts.map((post) => (
              <li key={post.id} className="space-y-1 p-3" aria-label={post.title}>
                <div className="flex flex-wrap items-center gap-2 text-xs text-slate-500">
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 font-medium text-slate-700">{t(kindLabels[post.kind])}</span>
                  {post.teaser && <span className="rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-700">
                      <Trans>Teaser</Trans>
                    </span>}
                  {post.deletedAt && <span className="rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-700">
                      <Trans>Deleted</Trans>
                    </span>}
                  <time dateTime={post.publishedAt}>{formatWhen(post.publishedAt)}</time>
                </div>
                <a href={post.url} className="block text-sm font-medium break-words text-slate-900 hover:underline">
                  {post.title}
                </a>
                <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                  <span className="inline-flex items-center gap-1">
                    <Heart className="size-4" aria-hidden /> <Plural value={post.likes} one="# like" other="# likes" />
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <Repeat2 className="size-4" aria-hidden /> <Plural value={post.boosts} one="# boost" other="# boosts" />
                  </span>
                  <span className="inline-flex items-center gap-1">
                    <MessageCircle className="size-4" aria-hidden /> <Plural value={post.replies} one="# reply" other="# replies" />
                  </span>
                </p>
              </li>
            ))}
          </ul>
        )}
      </QueryState>
    </section>
  );
}
