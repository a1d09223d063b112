import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/** The documented /api/scrumboard-app/... paths (demo-apps.md §7 Scrumboard); each calls demo.scrumboard. */
export const scrumboardRest: RestModule = (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;
  const query = (request: FastifyRequest) => request.query as never;
  const board = async (request: FastifyRequest) => (await caller(request)).demo.scrumboard;
  const base = '/api/scrumboard-app';
  /** A bare string answer is sent as a JSON string (Fastify would send it as text/plain). */
  const jsonString = (reply: FastifyReply, value: string) => reply.type('application/json; charset=utf-8').send(JSON.stringify(value));

  app.get(`${base}/boards`, async (request) => (await board(request)).boards());
  app.get(`${base}/board`, async (request) => (await board(request)).board(query(request)));
  app.post(`${base}/board/new`, async (request) => (await board(request)).newBoard(body(request)));
  app.post(`${base}/board/rename`, async (request, reply) => jsonString(reply, await (await board(request)).renameBoard(body(request))));
  app.post(`${base}/board/settings/update`, async (request) => (await board(request)).updateSettings(body(request)));
  app.post(`${base}/board/delete`, async (request) => (await board(request)).deleteBoard(body(request)));
  app.post(`${base}/card/new`, async (request) => (await board(request)).newCard(body(request)));
  app.post(`${base}/list/new`, async (request) => (await board(request)).newList(body(request)));
  app.post(`${base}/list/rename`, async (request, reply) => jsonString(reply, await (await board(request)).renameList(body(request))));
  app.post(`${base}/list/remove`, async (request) => (await board(request)).removeList(body(request)));
  app.post(`${base}/card/update`, async (request) => (await board(request)).updateCard(body(request)));
  app.post(`${base}/card/remove`, async (request, reply) => jsonString(reply, await (await board(request)).removeCard(body(request))));
  app.post(`${base}/card/order`, async (request) => (await board(request)).cardOrder(body(request)));
  app.post(`${base}/list/order`, async (request) => (await board(request)).listOrder(body(request)));
};
