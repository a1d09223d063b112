import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';

/** The documented /api/todo-app/... paths (demo-apps.md §7 To-dos); each calls the demo.todo procedures. */
export const todoRest: RestModule = async (app, { caller }) => {
  const body = (request: FastifyRequest) => request.body as never;
  const query = (request: FastifyRequest) => request.query as never;
  const todo = async (request: FastifyRequest) => (await caller(request)).demo.todo;

  app.get('/api/todo-app/todos', async (request) => (await todo(request)).todos(query(request)));
  app.get('/api/todo-app/folders', async (request) => (await todo(request)).folders());
  app.get('/api/todo-app/filters', async (request) => (await todo(request)).filters());
  app.get('/api/todo-app/labels', async (request) => (await todo(request)).labels());
  app.post('/api/todo-app/update-todo', async (request) => (await todo(request)).updateTodo(body(request)));
  app.post('/api/todo-app/new-todo', async (request) => (await todo(request)).newTodo(body(request)));
  // The template posts the bare id (axios sends a string body as form-urlencoded); as a JSON string or
  // { todoId } it works too. The text parsers live in this route's own scope only.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['text/plain', 'application/x-www-form-urlencoded'], { parseAs: 'string' }, (_request, text, done) => {
      done(null, { todoId: String(text).trim() });
    });
    scope.post('/api/todo-app/remove-todo', async (request) => {
      const payload = typeof request.body === 'string' ? { todoId: request.body } : request.body;
      return (await todo(request)).removeTodo(payload as never);
    });
  });
  app.post('/api/todo-app/set-folder', async (request) => (await todo(request)).setFolder(body(request)));
  app.post('/api/todo-app/toggle-label', async (request) => (await todo(request)).toggleLabel(body(request)));
  app.post('/api/todo-app/delete-todos', async (request) => (await todo(request)).deleteTodos(body(request)));
};
