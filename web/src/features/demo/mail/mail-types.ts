import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>['demo']['mail'];
export type Mail = Outputs['mails'][number];
export type MailLabel = Outputs['labels'][number];
export type MailFolder = Outputs['folders'][number];

/** The list query of the current view: label before filter before folder (default inbox), as the API reads it. */
export function mailListInput(params: URLSearchParams): { labelHandle: string } | { filterHandle: string } | { folderHandle: string } {
  const label = params.get('label');
  if (label) return { labelHandle: label };
  const filter = params.get('filter');
  if (filter) return { filterHandle: filter };
  return { folderHandle: params.get('folder') ?? 'inbox' };
}

/** A mailto: link for the composer: the device's mail app sends it (the sample API has no send call). */
export function mailtoLink(draft: { to: string; cc: string; subject: string; message: string }): string {
  const query = new URLSearchParams();
  if (draft.cc.trim()) query.set('cc', draft.cc.trim());
  if (draft.subject.trim()) query.set('subject', draft.subject.trim());
  if (draft.message.trim()) query.set('body', draft.message);
  const recipients = draft.to
    .split(/[,;\s]+/)
    .filter(Boolean)
    .map(encodeURIComponent)
    .join(',');
  const search = query.toString().replace(/\+/g, '%20');
  return `mailto:${recipients}${search ? `?${search}` : ''}`;
}
