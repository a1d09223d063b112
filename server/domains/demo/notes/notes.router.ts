import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { createNoteInput, noteLabel, noteSchema, removeNoteInput, updateLabelsInput, updateNoteInput } from './notes.schemas';
import * as notesService from './notes.service';

export const notesRouter = router({
  notes: demoProcedure.output(z.array(noteSchema)).query(({ ctx }) => notesService.listNotes(ctx.services.db)),
  labels: demoProcedure.output(z.array(noteLabel)).query(({ ctx }) => notesService.listLabels(ctx.services.db)),
  createNote: demoProcedure.meta({ errors: ['NOT_FOUND'] })
    .input(createNoteInput)
    .output(noteSchema)
    .mutation(({ ctx, input }) => notesService.createNote(ctx.services.db, input.note)),
  updateNote: demoProcedure
    .input(updateNoteInput)
    .output(noteSchema)
    .mutation(({ ctx, input }) => notesService.updateNote(ctx.services.db, input.note)),
  updateLabels: demoProcedure
    .input(updateLabelsInput)
    .output(z.array(noteLabel))
    .mutation(({ ctx, input }) => notesService.updateLabels(ctx.services.db, input.labels)),
  removeNote: demoProcedure
    .input(removeNoteInput)
    .output(z.array(noteSchema))
    .mutation(({ ctx, input }) => notesService.removeNote(ctx.services.db, input.noteId)),
});
