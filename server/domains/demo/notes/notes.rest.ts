import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/** The documented /api/notes-app/... paths (demo-apps.md §7 Notes); each calls the demo.notes procedures. */
export const notesRest: RestModule = (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;
  const notes = async (request: FastifyRequest) => (await caller(request)).demo.notes;

  app.get('/api/notes-app/notes', async (request) => (await notes(request)).notes());
  app.get('/api/notes-app/labels', async (request) => (await notes(request)).labels());
  app.post('/api/notes-app/create-note', async (request) => (await notes(request)).createNote(body(request)));
  app.post('/api/notes-app/update-note', async (request) => (await notes(request)).updateNote(body(request)));
  app.post('/api/notes-app/update-labels', async (request) => (await notes(request)).updateLabels(body(request)));
  app.post('/api/notes-app/remove-note', async (request) => (await notes(request)).removeNote(body(request)));
};
