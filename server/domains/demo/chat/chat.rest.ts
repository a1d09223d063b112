import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/** The documented /api/chat/... paths of the chat sample app (demo-apps.md §7 Chat); each calls demo.chat. */
export const chatRest: RestModule = (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;
  const query = (request: FastifyRequest) => request.query as never;
  const chat = async (request: FastifyRequest) => (await caller(request)).demo.chat;

  app.get('/api/chat/contacts', async (request) => (await chat(request)).contacts());
  app.get('/api/chat/get-chat', async (request) => (await chat(request)).getChat(query(request)));
  app.get('/api/chat/user', async (request) => (await chat(request)).user());
  app.post('/api/chat/user/data', async (request) => (await chat(request)).updateUser(body(request)));
  app.post('/api/chat/send-message', async (request) => (await chat(request)).sendMessage(body(request)));
};
