import { DomainError } from '@server/platform/errors';
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '@db/client';
import { firstRow } from '@db/store';
import { termsAcceptances, termsDocuments, users } from '@db/schema/users';
import { fieldError } from '@server/platform/errors';
import { newId, nowIso } from '@server/lib/ids';
import { uploadKey } from '@server/platform/uploads';
import { findUserById, toSessionUser } from '@server/domains/users/session-reads';
import type { SessionUser } from '@server/domains/users/users.schemas';
import type { Services } from '@server/services';
import type { Actor } from '@server/platform/actor';
import { termsMessages, type TermsDocument, type TermsListItem, type UploadTermsAnswer, type UploadTermsInput } from './terms.schemas';

/** Newest first: each document is published at least a millisecond after the one before (insertTermsDocument). */
const newestFirst = [desc(termsDocuments.createdAt)] as const;

export async function currentTerms(db: Db): Promise<TermsDocument | null> {
  const row = await firstRow(
    db
      .select({ id: termsDocuments.id, pdfUrl: termsDocuments.pdfUrl, createdAt: termsDocuments.createdAt })
      .from(termsDocuments)
      .orderBy(...newestFirst)
      .limit(1),
  );
  return row ?? null;
}

export async function requireCurrentTerms(db: Db): Promise<TermsDocument> {
  const terms = await currentTerms(db);
  if (!terms) throw new DomainError({ code: 'NOT_FOUND', message: termsMessages.noTerms });
  return terms;
}

/** Inserts a terms document for a PDF already stored under /uploads. */
export async function insertTermsDocument(db: Db, pdfUrl: string, uploadedBy: string | null): Promise<TermsDocument> {
  return db.transaction(async (tx) => {
    // Two documents published in one millisecond still have an order: the later one a millisecond after.
    const latest = await currentTerms(tx);
    const now = Date.now();
    const createdAt = new Date(latest ? Math.max(now, Date.parse(latest.createdAt) + 1) : now).toISOString();
    const document: TermsDocument = { id: newId(), pdfUrl, createdAt };
    await tx.insert(termsDocuments).values({ ...document, uploadedBy });
    return document;
  });
}

/** An admin publishes a new terms document; every creator and staff member must accept it again. */
export async function publishTerms(services: Services, actor: Actor, input: UploadTermsInput): Promise<UploadTermsAnswer> {
  if (input.userId !== undefined && input.userId !== actor.id) {
    throw fieldError('BAD_REQUEST', termsMessages.notYourId, { userId: termsMessages.notYourId });
  }
  const key = uploadKey(input.pdfUrl);
  if (!key || !(await services.storage.exists(key))) throw fieldError('BAD_REQUEST', termsMessages.unknownPdf, { pdfUrl: termsMessages.unknownPdf });
  const document = await insertTermsDocument(services.db, input.pdfUrl, actor.id);
  services.log.info({ adminId: actor.id, termsId: document.id }, 'terms document published');
  return { message: termsMessages.saved, pdfUrl: document.pdfUrl, id: document.id };
}

/**
 * Records that the actor accepted the newest terms document and answers their updated session user. Only the account's
 * own person consents: an admin emulating them is refused (403 "Only {name} can accept the terms").
 */
export async function acceptTerms(services: Pick<Services, 'db' | 'store'>, actor: Actor): Promise<SessionUser> {
  const { db } = services;
  if (actor.emulatedBy) throw new DomainError({ code: 'FORBIDDEN', message: termsMessages.onlyUserCanAccept(actor.user.displayName) });
  // One transaction: the document accepted is still the newest when the acceptance is recorded.
  await db.transaction(async (tx) => {
    const terms = await requireCurrentTerms(db);
    await tx.insert(termsAcceptances).values({ userId: actor.id, termsId: terms.id, acceptedAt: nowIso(), acceptedBy: actor.id }).onConflictDoNothing();
  });
  return toSessionUser(services, (await findUserById(services, actor.id))!);
}

export async function hasAcceptedAnyTerms(db: Db, userId: string): Promise<boolean> {
  return !!(await firstRow(db.select({ termsId: termsAcceptances.termsId }).from(termsAcceptances).where(eq(termsAcceptances.userId, userId)).limit(1)));
}

export async function listTerms(db: Db): Promise<TermsListItem[]> {
  const acceptances = db
    .select({ termsId: termsAcceptances.termsId, total: count().as('total') })
    .from(termsAcceptances)
    .groupBy(termsAcceptances.termsId)
    .as('acceptances');
  const rows = await db
    .select({
      id: termsDocuments.id,
      pdfUrl: termsDocuments.pdfUrl,
      createdAt: termsDocuments.createdAt,
      uploaderId: users.id,
      uploaderName: users.displayName,
      acceptances: acceptances.total,
    })
    .from(termsDocuments)
    .leftJoin(users, eq(users.id, termsDocuments.uploadedBy))
    .leftJoin(acceptances, eq(acceptances.termsId, termsDocuments.id))
    .orderBy(...newestFirst);
  return rows.map((row) => ({
    id: row.id,
    pdfUrl: row.pdfUrl,
    createdAt: row.createdAt,
    uploadedBy: row.uploaderId && row.uploaderName !== null ? { id: row.uploaderId, displayName: row.uploaderName } : null,
    acceptances: row.acceptances ?? 0,
  }));
}
