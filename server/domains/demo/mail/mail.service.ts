import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { collection } from '../demo.store';
import type { DeleteMailsInput, ListMailsInput, Mail, MailFilter, MailFolder, MailLabel, SetFolderInput, ToggleLabelInput } from './mail.schemas';
import { toggleLabelId } from '../label-ids';

export const mailCollections = {
  mails: (db: Db) => collection<Mail>(db, 'mail.mails'),
  folders: (db: Db) => collection<MailFolder>(db, 'mail.folders'),
  filters: (db: Db) => collection<MailFilter>(db, 'mail.filters'),
  labels: (db: Db) => collection<MailLabel>(db, 'mail.labels'),
};

export const mailMessages = {
  mailNotFound: 'Mail not found',
  folderNotFound: 'Folder not found',
  filterNotFound: 'Filter not found',
  labelNotFound: 'Label not found',
} as const;

const notFound = (message: string) => new DomainError({ code: 'NOT_FOUND', message });

/** The flags a filter handle may name (a mail's boolean fields). */
const filterableFlags = ['read', 'starred', 'important', 'hasAttachments'] as const;
type MailFlag = (typeof filterableFlags)[number];
const isMailFlag = (handle: string): handle is MailFlag => (filterableFlags as readonly string[]).includes(handle);

/** Label takes precedence, then filter (mails whose flag of that name is true), then folder (default inbox). */
export async function listMails(db: Db, input: ListMailsInput): Promise<Mail[]> {
  const mails = await mailCollections.mails(db).list();
  if (input.labelHandle) {
    const label = (await mailCollections.labels(db).list()).find((item) => item.handle === input.labelHandle);
    if (!label) throw notFound(mailMessages.labelNotFound);
    return mails.filter((mail) => mail.labels.includes(label.id));
  }
  if (input.filterHandle) {
    const filter = (await mailCollections.filters(db).list()).find((item) => item.handle === input.filterHandle);
    if (!filter || !isMailFlag(filter.handle)) throw notFound(mailMessages.filterNotFound);
    const flag = filter.handle;
    return mails.filter((mail) => mail[flag]);
  }
  const folderHandle = input.folderHandle ?? 'inbox';
  const folder = (await mailCollections.folders(db).list()).find((item) => item.handle === folderHandle);
  if (!folder) throw notFound(mailMessages.folderNotFound);
  return mails.filter((mail) => mail.folder === folder.id);
}

export async function getMail(db: Db, mailId: string): Promise<Mail> {
  const mail = await mailCollections.mails(db).get(mailId);
  if (!mail) throw notFound(mailMessages.mailNotFound);
  return mail;
}

export const listFolders = (db: Db) => mailCollections.folders(db).list();
export const listFilters = (db: Db) => mailCollections.filters(db).list();
export const listLabels = (db: Db) => mailCollections.labels(db).list();

/** Replaces the whole mail (read, starred and important are saved this way). */
export async function updateMail(db: Db, mail: Mail): Promise<Mail> {
  const mails = mailCollections.mails(db);
  // The checks and the write are one step: a mail deleted meanwhile is not written back.
  return db.transaction(async () => {
    if (!(await mails.has(mail.id))) throw notFound(mailMessages.mailNotFound);
    await checkFolderAndLabels(db, mail.folder, mail.labels);
    return mails.put(mail);
  });
}

async function checkFolderAndLabels(db: Db, folderId: number, labelIds: number[]): Promise<void> {
  if (!(await mailCollections.folders(db).has(folderId))) throw notFound(mailMessages.folderNotFound);
  const labels = mailCollections.labels(db);
  for (const labelId of labelIds) if (!(await labels.has(labelId))) throw notFound(mailMessages.labelNotFound);
}

/** Every selected mail, in the order given (duplicates dropped); an unknown id fails the whole call. */
async function selectedMails(db: Db, ids: string[]): Promise<Mail[]> {
  const mails = mailCollections.mails(db);
  const selected: Mail[] = [];
  for (const id of new Set(ids)) {
    const mail = await mails.get(id);
    if (!mail) throw notFound(mailMessages.mailNotFound);
    selected.push(mail);
  }
  return selected;
}

async function putAll(db: Db, mails: Mail[]): Promise<Mail[]> {
  const store = mailCollections.mails(db);
  await db.transaction(async () => {
    for (const mail of mails) await store.put(mail);
  });
  return mails;
}

/** Moves the selected mails to the folder; answers the moved mails. */
export async function setFolder(db: Db, input: SetFolderInput): Promise<Mail[]> {
  // Reading the selected mails and writing them back changed is one step (no other change lost in between).
  return db.transaction(async () => {
    if (!(await mailCollections.folders(db).has(input.folderId))) throw notFound(mailMessages.folderNotFound);
    const moved = (await selectedMails(db, input.selectedMailIds)).map((mail) => ({ ...mail, folder: input.folderId }));
    return putAll(db, moved);
  });
}

/** Adds the label to each selected mail that lacks it and removes it from each that has it. */
export async function toggleLabel(db: Db, input: ToggleLabelInput): Promise<Mail[]> {
  // Read, toggle and write back in one step: two toggles at once each see the other's result.
  return db.transaction(async () => {
    if (!(await mailCollections.labels(db).has(input.labelId))) throw notFound(mailMessages.labelNotFound);
    const toggled = (await selectedMails(db, input.selectedMailIds)).map((mail) => ({
      ...mail,
      labels: toggleLabelId(mail.labels, input.labelId),
    }));
    return putAll(db, toggled);
  });
}

/** Removes the selected mails altogether; answers the removed ids. */
export async function deleteMails(db: Db, input: DeleteMailsInput): Promise<string[]> {
  const ids = (await selectedMails(db, input.selectedMailIds)).map((mail) => mail.id);
  await mailCollections.mails(db).remove(ids);
  return ids;
}
