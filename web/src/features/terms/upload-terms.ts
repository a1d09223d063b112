import type { UploadTermsAnswer } from '@server/domains/terms/terms.schemas';
import { sessionMessages, shouldLogoutOnError } from '@web/app/session-rules';
import { useSession } from '@web/lib/session-store';
import { unexpectedError } from './terms-errors';

const path = '/api/termsConditions';

/** POST /api/termsConditions (multipart: pdfFile, userId) with the session's bearer token. Throws the message to show. */
export async function uploadTermsPdf(file: File): Promise<UploadTermsAnswer> {
  const { token, user } = useSession.getState();
  const form = new FormData();
  if (user) form.append('userId', user.id);
  form.append('pdfFile', file, file.name);
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: { accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: form,
    });
  } catch {
    throw new Error(unexpectedError);
  }
  const body = (await response.json().catch(() => null)) as (Partial<UploadTermsAnswer> & { message?: unknown }) | null;
  if (!response.ok) {
    if (shouldLogoutOnError({ status: response.status, path, sentToken: !!token })) useSession.getState().logout(sessionMessages.invalidToken);
    throw new Error(typeof body?.message === 'string' && body.message && response.status < 500 ? body.message : unexpectedError);
  }
  return body as UploadTermsAnswer;
}
