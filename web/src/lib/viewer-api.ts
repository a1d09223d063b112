import { createTRPCClient, httpBatchLink, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { SessionUser } from '@server/domains/users/users.schemas';
import type { AppRouter } from '@server/trpc/root';
import { shouldLogoutOnError } from '@web/app/session-rules';
import { ApiError } from './api';
import { toFormData, upload } from './upload';
import { endViewerSession, useViewer } from './viewer-session';

/** A 401 on a call made with the viewer's token ends the viewer session (not on the permission check). */
const viewerSessionLink: TRPCLink<AppRouter> = () => ({ op, next }) =>
  observable((observer) => {
    const tokenAtSend = useViewer.getState().token;
    return next(op).subscribe({
      next: (value) => observer.next(value),
      complete: () => observer.complete(),
      error: (error) => {
        const status = error.data?.httpStatus ?? 0;
        if (useViewer.getState().token === tokenAtSend && shouldLogoutOnError({ status, path: op.path, sentToken: !!tokenAtSend })) {
          endViewerSession();
        }
        observer.error(error);
      },
    });
  });

/** The tRPC client of the viewer pages: the same API, with the viewer's token instead of the creator's. */
export const viewerTrpc = createTRPCClient<AppRouter>({
  links: [
    viewerSessionLink,
    httpBatchLink({
      url: '/trpc',
      headers: () => {
        const token = useViewer.getState().token;
        return token ? { authorization: `Bearer ${token}` } : {};
      },
    }),
  ],
});

export const viewerMessages = {
  unexpected: 'Unexpected error. Please try again.',
  invalidLogin: 'Invalid username or password',
} as const;

export interface ViewerProfileChanges {
  firstName: string;
  lastName: string;
  /** A new picture, or undefined to keep the current one. */
  imageFile?: File;
}

/** `POST /api/user/{id}` (multipart, viewer bearer): the "My Profile" dialog's save. Answers the updated viewer. */
export async function updateViewerProfile(changes: ViewerProfileChanges): Promise<SessionUser> {
  const { token, user } = useViewer.getState();
  if (!token || !user) throw new ApiError(401, 'Invalid access_token');
  const form = toFormData({ id: user.id, email: user.email, firstName: changes.firstName, lastName: changes.lastName, imageFile: changes.imageFile });
  try {
    const answer = await upload<{ user: SessionUser }>(`/api/user/${encodeURIComponent(user.id)}`, form, { token });
    useViewer.getState().setUser(answer.user);
    return answer.user;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && useViewer.getState().token === token) endViewerSession();
    throw error;
  }
}
