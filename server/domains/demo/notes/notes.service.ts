import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { newId, nowIso } from '@server/lib/ids';
import { fieldError } from '@server/platform/errors';
import { collection } from '../demo.store';
import type { CreateNoteInput, Note, NoteLabel } from './notes.schemas';

export const notesCollections = {
  notes: (db: Db) => collection<Note>(db, 'notes.notes'),
  labels: (db: Db) => collection<NoteLabel>(db, 'notes.labels'),
};

export const notesMessages = {
  noteNotFound: 'Note not found',
  labelNotFound: 'Label not found',
  duplicateLabel: 'Two labels have the same id',
} as const;

const notFound = (message: string) => new DomainError({ code: 'NOT_FOUND', message });

export const listNotes = (db: Db) => notesCollections.notes(db).list();
export const listLabels = (db: Db) => notesCollections.labels(db).list();

async function checkLabels(db: Db, labelIds: Note['labels']): Promise<void> {
  const labels = notesCollections.labels(db);
  for (const labelId of labelIds) if (!(await labels.has(labelId))) throw notFound(notesMessages.labelNotFound);
}

/** A new note gets a generated id and goes to the top of the list. */
export async function createNote(db: Db, input: CreateNoteInput['note']): Promise<Note> {
  const { id: _clientId, time, ...fields } = input;
  const note: Note = { ...fields, id: newId(), time: time ?? nowIso() };
  // The label check and the write are one step (a label removed meanwhile is not referenced).
  return db.transaction(async () => {
    await checkLabels(db, input.labels);
    return notesCollections.notes(db).prepend(note);
  });
}

export async function updateNote(db: Db, note: Note): Promise<Note> {
  const notes = notesCollections.notes(db);
  // The checks and the write are one step: a note removed meanwhile is not written back.
  return db.transaction(async () => {
    if (!(await notes.has(note.id))) throw notFound(notesMessages.noteNotFound);
    await checkLabels(db, note.labels);
    return notes.put(note);
  });
}

/** Replaces every label; notes lose the ids of labels that no longer exist. */
export async function updateLabels(db: Db, labels: NoteLabel[]): Promise<NoteLabel[]> {
  const ids = new Set(labels.map((label) => String(label.id)));
  if (ids.size !== labels.length) throw fieldError('BAD_REQUEST', notesMessages.duplicateLabel, { labels: notesMessages.duplicateLabel });
  await db.transaction(async () => {
    await notesCollections.labels(db).replaceAll(labels);
    const notes = notesCollections.notes(db);
    for (const note of await notes.list()) {
      const kept = note.labels.filter((labelId) => ids.has(String(labelId)));
      if (kept.length !== note.labels.length) await notes.put({ ...note, labels: kept });
    }
  });
  return labels;
}

/** Removes the note and answers the remaining notes. */
export async function removeNote(db: Db, noteId: string): Promise<Note[]> {
  const notes = notesCollections.notes(db);
  if (!(await notes.has(noteId))) throw notFound(notesMessages.noteNotFound);
  await notes.remove([noteId]);
  return notes.list();
}
