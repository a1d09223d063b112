import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/** The documented /api/contacts-app/... paths (demo-apps.md §7 Contacts); each calls demo.contacts. */
export const contactsRest: RestModule = (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;
  const query = (request: FastifyRequest) => request.query as never;
  const contacts = async (request: FastifyRequest) => (await caller(request)).demo.contacts;
  const base = '/api/contacts-app';

  app.get(`${base}/contacts`, async (request) => (await contacts(request)).contacts(query(request)));
  app.get(`${base}/user`, async (request) => (await contacts(request)).user());
  app.post(`${base}/add-contact`, async (request) => (await contacts(request)).addContact(body(request)));
  app.post(`${base}/update-contact`, async (request) => (await contacts(request)).updateContact(body(request)));
  app.post(`${base}/remove-contact`, async (request, reply) =>
    reply.type('application/json; charset=utf-8').send(JSON.stringify(await (await contacts(request)).removeContact(body(request)))),
  );
  app.post(`${base}/remove-contacts`, async (request) => (await contacts(request)).removeContacts(body(request)));
  app.post(`${base}/toggle-starred-contact`, async (request) => (await contacts(request)).toggleStarredContact(body(request)));
  app.post(`${base}/toggle-starred-contacts`, async (request) => (await contacts(request)).toggleStarredContacts(body(request)));
  app.post(`${base}/set-contacts-starred`, async (request) => (await contacts(request)).setContactsStarred(body(request)));
  app.post(`${base}/set-contacts-unstarred`, async (request) => (await contacts(request)).setContactsUnstarred(body(request)));
};
