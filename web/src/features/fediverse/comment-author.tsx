import type { PublicCommentOutput } from '@server/domains/federation/federation.schemas';
import { Avatar } from '@web/components/avatar';
import { webUrl } from './federation-state';

type Author = PublicCommentOutput['author'];

/** The remote author's avatar (https only, as the page's image policy allows). */
export function CommentAvatar({ author }: { author: Author }) {
  return <Avatar name={author.name} imageUrl={author.avatarUrl?.startsWith('https://') ? author.avatarUrl : null} className="shrink-0" />;
}

/** The remote author's name (linked to their profile when it is a web address) and handle. */
export function CommentAuthor({ author }: { author: Author }) {
  const profile = webUrl(author.url);
  return (
    <>
      {profile ? (
        <a href={profile} target="_blank" rel="noopener noreferrer nofollow ugc" className="font-medium text-slate-900 hover:underline">
          {author.name}
        </a>
      ) : (
        <span className="font-medium text-slate-900">{author.name}</span>
      )}{' '}
      <span className="break-all text-slate-500">{author.handle}</span>
    </>
  );
}
