import { createTRPCClient, httpBatchLink, TRPCClientError, type TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { SessionUser } from '@server/domains/users/users.schemas';
import type { AppRouter } from '@server/trpc/root';
import { shouldLogoutOnError } from '@web/app/session-rules';
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

/** The HTTP status of a failed viewer call (0 when the server was not reached). */
export function viewerErrorStatus(error: unknown): number {
  if (error instanceof ViewerApiError) return error.status;
  if (error instanceof TRPCClientError) return (error.data as { httpStatus?: number } | undefined)?.httpStatus ?? 0;
  return 0;
}

/** The server's field messages of a failed viewer call, by field. */
export function viewerErrorFields(error: unknown): Record<string, string> {
  if (error instanceof ViewerApiError) return error.fields;
  if (error instanceof TRPCClientError) return (error.data as { fieldErrors?: Record<string, string> | null } | undefined)?.fieldErrors ?? {};
  return {};
}

/** The server's message for a client error (4xx), else "Unexpected error. Please try again." */
export function viewerErrorMessage(error: unknown): string {
  const status = viewerErrorStatus(error);
  const message = error instanceof Error ? error.message : '';
  return status >= 400 && status < 500 && message ? message : viewerMessages.unexpected;
}

export class ViewerApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'ViewerApiError';
  }
}

export interface ViewerProfileChanges {
  firstName: string;
  lastName: string;
  /** A new picture, or undefined to keep the current one. */
  imageFile?: File;
}

/** `POST /api/user/{id}` (multipart, viewer bearer): the "My Profile" dialog's save. Answers the updated viewer. */
export async function updateViewerProfile(changes: ViewerProfileChanges): Promise<SessionUser> {
  const { token, user } = useViewer.getState();
  if (!token || !user) throw new ViewerApiError(401, 'Invalid access_token');
  const form = new FormData();
  form.append('id', user.id);
  form.append('email', user.email);
  form.append('firstName', changes.firstName);
  form.append('lastName', changes.lastName);
  if (changes.imageFile) form.append('imageFile', changes.imageFile, changes.imageFile.name);
  let response: Response;
  try {
    response = await fetch(`/api/user/${encodeURIComponent(user.id)}`, {
      method: 'POST',
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      body: form,
    });
  } catch {
    throw new ViewerApiError(0, viewerMessages.unexpected);
  }
  const body = (await response.json().catch(() => null)) as { user?: SessionUser; message?: unknown; errors?: Record<string, string> } | null;
  if (!response.ok || !body?.user) {
    if (response.status === 401 && useViewer.getState().token === token) endViewerSession();
    const message = typeof body?.message === 'string' && body.message ? body.message : viewerMessages.unexpected;
    throw new ViewerApiError(response.status, message, body?.errors ?? {});
  }
  useViewer.getState().setUser(body.user);
  return body.user;
}
