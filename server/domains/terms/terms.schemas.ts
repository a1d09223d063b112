import { z } from 'zod';

/** Texts shown for the terms feature (platform.md §2 Shell, §8). */
export const termsMessages = {
  saved: 'PDF saved',
  noTerms: 'No terms and conditions have been published yet',
  missingPdf: 'Please upload a PDF file of at most 20 MB',
  unknownPdf: 'This PDF was not uploaded here',
  notYourId: 'userId must be your own id',
  unexpected: 'Unexpected error. Please try again.',
  /** An admin emulating a creator cannot consent for them. */
  onlyUserCanAccept: (name: string) => `Only ${name} can accept the terms`,
  continueWithoutAccepting: 'Continue without accepting',
  firstPrompt: 'Please read and accept the terms and conditions to continue.',
  updatedPrompt: 'Please read and accept the updated terms and conditions to continue.',
} as const;

/** Uploaded PDFs are served from /uploads under random names. */
export const uploadedPdfUrl = z
  .string()
  .trim()
  .regex(/^\/uploads\/[A-Za-z0-9_-]{8,64}\.pdf$/, termsMessages.unknownPdf);

/** The terms record (platform.md §3): the document's id, its PDF and when it was published. */
export const termsDocument = z.object({ id: z.string(), pdfUrl: z.string(), createdAt: z.string() });
export type TermsDocument = z.infer<typeof termsDocument>;

export const termsListItem = termsDocument.extend({
  uploadedBy: z.object({ id: z.string(), displayName: z.string() }).nullable(),
  acceptances: z.number().int().min(0),
});
export type TermsListItem = z.infer<typeof termsListItem>;

/** Publishing a new terms document: the PDF already stored under /uploads, and optionally the uploader's own id. */
export const uploadTermsInput = z.strictObject({
  pdfUrl: uploadedPdfUrl,
  userId: z.string().trim().min(1).max(64).optional(),
});
export type UploadTermsInput = z.infer<typeof uploadTermsInput>;

export const uploadTermsAnswer = z.object({ message: z.string(), pdfUrl: z.string(), id: z.string() });
export type UploadTermsAnswer = z.infer<typeof uploadTermsAnswer>;
