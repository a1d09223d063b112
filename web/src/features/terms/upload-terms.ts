import type { UploadTermsAnswer } from '@server/domains/terms/terms.schemas';
import { useSession } from '@web/lib/session-store';
import { ApiError, toFormData, upload } from '@web/lib/upload';
import { unexpectedErrorText } from './terms-errors';

/** POST /api/termsConditions (multipart: pdfFile, userId) as the session. Throws the message to show. */
export async function uploadTermsPdf(file: File): Promise<UploadTermsAnswer> {
  const user = useSession.getState().user;
  try {
    return await upload<UploadTermsAnswer>('/api/termsConditions', toFormData({ userId: user?.id, pdfFile: file }));
  } catch (error) {
    throw new Error(error instanceof ApiError && error.status >= 400 && error.message ? error.message : unexpectedErrorText());
  }
}
