import { z } from 'zod';
import { clientDateTime, clientProvidedId, emptyAsNull } from '../demo.inputs';

/** Shapes of the notes app (demo-apps.md §3 Notes). Inputs strip unknown fields (never stored); wrong types and missing fields are refused. */
const tooLong = 'This value is too long';
const id = z.string().trim().min(1, 'Min character length is 1').max(64, tooLong);
/** Label ids: the sample labels use numbers; labels created in the app may use generated strings. */
export const noteLabelId = z.union([z.number().int().min(0).max(1_000_000), id]);

export const checklistItem = z.object({ id, checked: z.boolean(), text: z.string().trim().max(500, tooLong) });

const noteFields = {
  title: z.string().trim().max(200, tooLong),
  description: z.string().trim().max(20_000, tooLong),
  archive: z.boolean(),
  image: z.string().trim().max(2048, tooLong),
  time: clientDateTime,
  reminder: emptyAsNull(clientDateTime),
  checklist: z.array(checklistItem).max(200),
  labels: z.array(noteLabelId).max(50),
};

export const noteSchema = z.object({ id, ...noteFields });
export type Note = z.infer<typeof noteSchema>;

/** A new note: every field optional (an id sent by the client is replaced by a generated one). */
export const newNoteSchema = z.object({
  id: clientProvidedId,
  title: noteFields.title.default(''),
  description: noteFields.description.default(''),
  archive: noteFields.archive.default(false),
  image: noteFields.image.default(''),
  time: clientDateTime.nullable().optional(),
  reminder: noteFields.reminder.optional().transform((value) => value ?? null),
  checklist: noteFields.checklist.default([]),
  labels: noteFields.labels.default([]),
});

export const noteLabel = z.object({
  id: noteLabelId,
  name: z.string().trim().min(1, 'Min character length is 1').max(60, tooLong),
  handle: z.string().trim().min(1, 'Min character length is 1').max(60, tooLong),
});
export type NoteLabel = z.infer<typeof noteLabel>;

export const createNoteInput = z.object({ note: newNoteSchema });
export type CreateNoteInput = z.infer<typeof createNoteInput>;
export const updateNoteInput = z.object({ note: noteSchema });
export const updateLabelsInput = z.object({ labels: z.array(noteLabel).max(100) });
export const removeNoteInput = z.object({ noteId: id });
