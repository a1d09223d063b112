import { z } from 'zod';
import { labelIdsSchema } from '../label-ids';

/** Shapes of the mail app (demo-apps.md §3 Mail). Inputs strip unknown fields (never stored); the same shapes describe answers. */
const text = (max: number) => z.string().trim().max(max, 'This value is too long');
const id = z.string().trim().min(1, 'Min character length is 1').max(64, 'This value is too long');
const numericId = z.number().int().min(0).max(1_000_000);

export const mailAttachment = z.object({
  type: text(100),
  fileName: text(255),
  preview: text(2048),
  url: text(2048),
  size: text(40),
});

export const mailSchema = z.object({
  id,
  from: z.object({ name: text(200), avatar: text(2048), email: text(254) }),
  to: z.array(z.object({ name: text(200), email: text(254) })).max(100),
  subject: text(500),
  message: z.string().max(200_000, 'This value is too long'),
  time: text(60),
  read: z.boolean(),
  starred: z.boolean(),
  important: z.boolean(),
  hasAttachments: z.boolean(),
  attachments: z.array(mailAttachment).max(50),
  labels: labelIdsSchema(numericId),
  folder: numericId,
});
export type Mail = z.infer<typeof mailSchema>;

export const mailFolder = z.object({ id: numericId, handle: z.string(), title: z.string(), translate: z.string(), icon: z.string() });
export type MailFolder = z.infer<typeof mailFolder>;
export const mailFilter = mailFolder;
export type MailFilter = MailFolder;
export const mailLabel = z.object({ id: numericId, handle: z.string(), title: z.string(), color: z.string() });
export type MailLabel = z.infer<typeof mailLabel>;

const handle = z.string().trim().min(1, 'Min character length is 1').max(64, 'This value is too long');

/** GET /api/mail-app/mails: labelHandle before filterHandle before folderHandle (default inbox). */
export const listMailsInput = z
  .object({ labelHandle: handle.optional(), filterHandle: handle.optional(), folderHandle: handle.optional() })
  .default({});
export type ListMailsInput = z.infer<typeof listMailsInput>;

export const getMailInput = z.object({ mailId: id });

const selectedMailIds = z.array(id).min(1, 'Select at least one mail').max(500);
export const setFolderInput = z.object({ selectedMailIds, folderId: numericId });
export type SetFolderInput = z.infer<typeof setFolderInput>;
export const toggleLabelInput = z.object({ selectedMailIds, labelId: numericId });
export type ToggleLabelInput = z.infer<typeof toggleLabelInput>;
export const deleteMailsInput = z.object({ selectedMailIds });
export type DeleteMailsInput = z.infer<typeof deleteMailsInput>;
