import { describe, expect, it } from 'vitest';
import type { Mail } from '@server/domains/demo/mail/mail.schemas';
import type { Todo } from '@server/domains/demo/todo/todo.schemas';
import { templateGuid, useTemplateClient } from './compat-client';

/** Replays of the template's mail and to-do stores (store/actions/mail*.actions.js, todos.actions.js, TodoDialog.js). */
const client = useTemplateClient();

describe('template client: mail app', () => {
  it('getMails(routeParams) with the open mail id in the route params lists the folder', async () => {
    const inbox = await client.get<Mail[]>('/api/mail-app/mails', { folderHandle: 'inbox' });
    expect(inbox.length).toBeGreaterThan(0);
    expect(await client.get('/api/mail-app/mails', { folderHandle: 'inbox', mailId: inbox[0]!.id })).toEqual(inbox);
    const noted = await client.get<Mail[]>('/api/mail-app/mails', { labelHandle: 'note', mailId: undefined });
    expect(noted.length).toBeGreaterThan(0);
    for (const mail of noted) expect(mail.labels).toContain(1);
    const starred = await client.get<Mail[]>('/api/mail-app/mails', { filterHandle: 'starred' });
    for (const mail of starred) expect(mail.starred).toBe(true);
  });

  it('getMail(routeParams) sends folderHandle next to mailId', async () => {
    const [first] = await client.get<Mail[]>('/api/mail-app/mails', { folderHandle: 'inbox' });
    expect(await client.get('/api/mail-app/mail', { folderHandle: 'inbox', mailId: first!.id })).toEqual(first);
  });

  it('toggleStar / toggleImportant post the whole mail with the flag flipped', async () => {
    const [mail] = await client.get<Mail[]>('/api/mail-app/mails', { folderHandle: 'inbox' });
    const answer = await client.post<Mail>('/api/mail-app/update-mail', { ...mail, starred: !mail!.starred });
    expect(answer.starred).toBe(!mail!.starred);
    expect(await client.get('/api/mail-app/mail', { mailId: mail!.id })).toEqual(answer);
  });

  it('setFolderOnSelectedMails / toggleLabelOnSelectedMails post selectedMailIds with the id', async () => {
    const mails = await client.get<Mail[]>('/api/mail-app/mails', { folderHandle: 'inbox' });
    const selectedMailIds = mails.slice(0, 2).map((mail) => mail.id);
    await client.post('/api/mail-app/toggle-label', { selectedMailIds, labelId: 2 });
    for (const id of selectedMailIds) {
      const before = mails.find((mail) => mail.id === id)!;
      const after = await client.get<Mail>('/api/mail-app/mail', { mailId: id });
      expect(after.labels.includes(2)).toBe(!before.labels.includes(2));
    }
    await client.post('/api/mail-app/set-folder', { selectedMailIds, folderId: 4 });
    const trash = await client.get<Mail[]>('/api/mail-app/mails', { folderHandle: 'trash' });
    expect(trash.map((mail) => mail.id)).toEqual(expect.arrayContaining(selectedMailIds));
  });

  it('the sidebar reads folders, filters and labels', async () => {
    for (const path of ['folders', 'filters', 'labels']) {
      const list = await client.get<Array<{ id: number; handle: string; title: string }>>(`/api/mail-app/${path}`);
      expect(list.length).toBeGreaterThan(0);
    }
  });
});

describe('template client: to-do app', () => {
  it('getTodos(routeParams) with the open todo id in the route params', async () => {
    const starred = await client.get<Todo[]>('/api/todo-app/todos', { filterHandle: 'starred' });
    expect(starred.length).toBeGreaterThan(0);
    expect(await client.get('/api/todo-app/todos', { filterHandle: 'starred', todoId: starred[0]!.id })).toEqual(starred);
    expect((await client.get<Todo[]>('/api/todo-app/todos', { folderHandle: 'all' })).length).toBeGreaterThan(0);
  });

  it('addTodo posts the dialog form: its own GUID and datetime-local dates without an offset', async () => {
    const form = {
      id: templateGuid(),
      title: 'Replay todo',
      notes: '',
      startDate: '2026-11-24T10:30:00',
      dueDate: new Date('2026-11-30T12:00:00Z').toJSON(),
      completed: false,
      starred: false,
      important: true,
      deleted: false,
      labels: [1],
    };
    const created = await client.post<Todo>('/api/todo-app/new-todo', form);
    expect(created).toMatchObject({ title: 'Replay todo', startDate: '2026-11-24T10:30:00Z', dueDate: '2026-11-30T12:00:00.000Z', labels: [1] });
    const all = await client.get<Todo[]>('/api/todo-app/todos', { folderHandle: 'all' });
    expect(all[0]).toEqual(created);
  });

  it('toggleCompleted / updateTodo post the whole todo', async () => {
    const [todo] = await client.get<Todo[]>('/api/todo-app/todos', { folderHandle: 'all' });
    const answer = await client.post<Todo>('/api/todo-app/update-todo', { ...todo, completed: !todo!.completed });
    expect(answer.completed).toBe(!todo!.completed);
  });

  it('removeTodo posts the bare id as the body (axios sends it form-urlencoded) and the todo is soft-deleted', async () => {
    const [todo] = await client.get<Todo[]>('/api/todo-app/todos', { folderHandle: 'all' });
    const removed = await client.post<Todo>('/api/todo-app/remove-todo', todo!.id);
    expect(removed).toEqual({ ...todo, deleted: true });
    const deleted = await client.get<Todo[]>('/api/todo-app/todos', { filterHandle: 'deleted' });
    expect(deleted.map((item) => item.id)).toContain(todo!.id);
    const unknown = await client.raw('POST', '/api/todo-app/remove-todo', 'no-such-todo');
    expect(unknown.statusCode).toBe(404);
  });

  it('the sidebar reads folders, filters and labels', async () => {
    for (const path of ['folders', 'filters', 'labels']) expect((await client.get<unknown[]>(`/api/todo-app/${path}`)).length).toBeGreaterThan(0);
  });
});
