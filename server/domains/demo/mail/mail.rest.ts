import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/** The documented /api/mail-app/... paths (demo-apps.md §7 Mail); each calls the demo.mail procedures. */
export const mailRest: RestModule = (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;
  const query = (request: FastifyRequest) => request.query as never;
  const mail = async (request: FastifyRequest) => (await caller(request)).demo.mail;

  app.get('/api/mail-app/mails', async (request) => (await mail(request)).mails(query(request)));
  app.get('/api/mail-app/mail', async (request) => (await mail(request)).mail(query(request)));
  app.get('/api/mail-app/folders', async (request) => (await mail(request)).folders());
  app.get('/api/mail-app/filters', async (request) => (await mail(request)).filters());
  app.get('/api/mail-app/labels', async (request) => (await mail(request)).labels());
  app.post('/api/mail-app/update-mail', async (request) => (await mail(request)).updateMail(body(request)));
  app.post('/api/mail-app/set-folder', async (request) => (await mail(request)).setFolder(body(request)));
  app.post('/api/mail-app/toggle-label', async (request) => (await mail(request)).toggleLabel(body(request)));
  app.post('/api/mail-app/delete-mails', async (request) => (await mail(request)).deleteMails(body(request)));
};
