import { z } from 'zod';

export const fileTypes = ['folder', 'document', 'spreadsheet'] as const;

/** A file-manager entry; `extention` is spelled as in the sample. Documents and spreadsheets carry a preview. */
export const fileEntry = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  type: z.enum(fileTypes),
  owner: z.string().min(1),
  size: z.string(),
  modified: z.string(),
  opened: z.string(),
  created: z.string(),
  extention: z.string(),
  location: z.string(),
  offline: z.boolean(),
  preview: z.string().optional(),
});
export type FileEntry = z.infer<typeof fileEntry>;
