import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { todoCollections } from '@server/domains/demo/todo/todo.service';
import type { Todo } from '@server/domains/demo/todo/todo.schemas';
import { todoFilters, todoFolders, todoLabels, todoSeeder } from '../../../seed/demo/todo';
import { createDemoTestApp, expectGuarded, type DemoTestApp } from './part1-setup';

let t: DemoTestApp;
const todos = () => todoCollections.todos(t.app.services.db);

beforeAll(async () => {
  t = await createDemoTestApp(todoSeeder);
});
afterAll(() => t.close());
beforeEach(() => t.reseed());

const today = () => new Date().toISOString().slice(0, 10);

describe('to-do app REST', () => {
  it('GET /api/todo-app/todos defaults to folder all, without deleted todos', async () => {
    const res = await t.get('/api/todo-app/todos');
    expect(res.statusCode).toBe(200);
    const all = await todos().list();
    expect(all.length).toBeGreaterThanOrEqual(20);
    expect(all.some((todo) => todo.deleted)).toBe(true);
    expect(res.json()).toEqual(all.filter((todo) => !todo.deleted));
    expect((await t.get('/api/todo-app/todos?folderHandle=all')).json()).toEqual(res.json());
  });

  it('GET /api/todo-app/todos by each filter and by label', async () => {
    const all = await todos().list();
    const live = all.filter((todo) => !todo.deleted);
    const cases: Array<[string, Todo[]]> = [
      ['starred', live.filter((todo) => todo.starred)],
      ['important', live.filter((todo) => todo.important)],
      ['dueDate', live.filter((todo) => todo.dueDate !== null)],
      ['today', live.filter((todo) => todo.startDate?.slice(0, 10) === today() || todo.dueDate?.slice(0, 10) === today())],
      ['completed', live.filter((todo) => todo.completed)],
      ['deleted', all.filter((todo) => todo.deleted)],
    ];
    for (const [handle, expected] of cases) {
      const res = await t.get(`/api/todo-app/todos?filterHandle=${handle}`);
      expect(res.statusCode).toBe(200);
      expect(expected.length, handle).toBeGreaterThan(0);
      expect(res.json(), handle).toEqual(expected);
    }
    const api = await t.get('/api/todo-app/todos?labelHandle=api&filterHandle=deleted');
    expect(api.json()).toEqual(live.filter((todo) => todo.labels.includes(3)));
    const unknown = await t.get('/api/todo-app/todos?filterHandle=someday');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Filter not found' });
    expect((await t.get('/api/todo-app/todos?labelHandle=nope')).statusCode).toBe(404);
    const extra = await t.get('/api/todo-app/todos?page=2&todoId=abc');
    expect(extra.statusCode).toBe(200);
    expect(extra.json()).toEqual((await t.get('/api/todo-app/todos')).json());
  });

  it('GET folders, filters and labels return the sample lists with the exact titles', async () => {
    expect((await t.get('/api/todo-app/folders')).json()).toEqual(todoFolders);
    const filters = (await t.get('/api/todo-app/filters')).json() as typeof todoFilters;
    expect(filters.map((filter) => [filter.handle, filter.title])).toEqual([
      ['starred', 'Starred'],
      ['important', 'Priority'],
      ['dueDate', 'Sheduled'],
      ['today', 'Today'],
      ['completed', 'Done'],
      ['deleted', 'Deleted'],
    ]);
    const labels = (await t.get('/api/todo-app/labels')).json() as typeof todoLabels;
    expect(labels.map((label) => label.handle)).toEqual(['frontend', 'backend', 'api', 'issue', 'mobile']);
  });

  it('POST /api/todo-app/update-todo replaces the todo and returns it; 404 unknown; 400 malformed', async () => {
    const todo = (await todos().list())[0]!;
    const changed = { ...todo, title: 'Ship it', completed: true, labels: [5] };
    const res = await t.post('/api/todo-app/update-todo', changed);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual(changed);
    expect(await todos().get(todo.id)).toEqual(changed);
    const unknown = await t.post('/api/todo-app/update-todo', { ...todo, id: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Todo not found' });
    const bad = await t.post('/api/todo-app/update-todo', { ...changed, title: '', dueDate: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({ title: 'Min character length is 1', dueDate: 'Please enter a valid date and time' });
    expect(await todos().get(todo.id)).toEqual(changed);
  });

  it('POST /api/todo-app/new-todo adds it to the front and returns it', async () => {
    const res = await t.post('/api/todo-app/new-todo', { title: 'Book the venue', labels: [1, 2], important: true });
    expect(res.statusCode).toBe(200);
    const created = res.json() as Todo;
    expect(created).toMatchObject({ title: 'Book the venue', notes: '', startDate: null, dueDate: null, completed: false, starred: false, important: true, deleted: false, labels: [1, 2] });
    expect((await todos().list())[0]).toEqual(created);
    const before = await todos().count();
    expect((await t.post('/api/todo-app/new-todo', { notes: 'no title' })).statusCode).toBe(400);
    expect((await t.post('/api/todo-app/new-todo', { title: 'x', labels: [77] })).statusCode).toBe(404);
    expect(await todos().count()).toBe(before);
  });

  it('POST /api/todo-app/remove-todo marks it deleted (soft) and returns it', async () => {
    const todo = (await todos().list()).find((item) => !item.deleted)!;
    const res = await t.post('/api/todo-app/remove-todo', { todoId: todo.id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ...todo, deleted: true });
    expect((await todos().get(todo.id))!.deleted).toBe(true);
    const list = (await t.get('/api/todo-app/todos')).json() as Todo[];
    expect(list.some((item) => item.id === todo.id)).toBe(false);
    const bare = (await todos().list()).find((item) => !item.deleted)!;
    const bareRes = await t.app.inject({ method: 'POST', url: '/api/todo-app/remove-todo', headers: { authorization: `Bearer ${t.staff.token}`, 'content-type': 'application/json' }, payload: JSON.stringify(bare.id) });
    expect(bareRes.statusCode).toBe(200);
    expect((await todos().get(bare.id))!.deleted).toBe(true);
    const unknown = await t.post('/api/todo-app/remove-todo', { todoId: 'nope' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Todo not found' });
    expect((await t.post('/api/todo-app/remove-todo', { id: todo.id })).statusCode).toBe(400);
  });

  it('POST /api/todo-app/set-folder sets the folder of each selected todo', async () => {
    const [a, b] = await todos().list();
    const db = t.app.services.db;
    await todoCollections.folders(db).put({ id: 1, handle: 'work', title: 'Work', icon: 'work' });
    const res = await t.post('/api/todo-app/set-folder', { selectedTodoIds: [a!.id, b!.id], folderId: 1 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { ...a, folder: 1 },
      { ...b, folder: 1 },
    ]);
    expect((await todos().get(a!.id))!.folder).toBe(1);
    const inWork = (await t.get('/api/todo-app/todos?folderHandle=work')).json() as Todo[];
    const notDeleted: string[] = [];
    for (const id of [a!.id, b!.id]) if (!(await todos().get(id))!.deleted) notDeleted.push(id);
    expect(inWork.map((todo) => todo.id).sort()).toEqual(notDeleted.sort());
    const unknown = await t.post('/api/todo-app/set-folder', { selectedTodoIds: [a!.id], folderId: 9 });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Folder not found' });
    expect((await t.post('/api/todo-app/set-folder', { selectedTodoIds: [a!.id] })).statusCode).toBe(400);
    expect((await todos().get(a!.id))!.folder).toBe(1);
  });

  it('POST /api/todo-app/toggle-label toggles the label on each selected todo', async () => {
    const all = await todos().list();
    const has = all.find((todo) => todo.labels.includes(4))!;
    const lacks = all.find((todo) => !todo.labels.includes(4))!;
    const res = await t.post('/api/todo-app/toggle-label', { selectedTodoIds: [has.id, lacks.id], labelId: 4 });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { ...has, labels: has.labels.filter((id) => id !== 4) },
      { ...lacks, labels: [...lacks.labels, 4].sort((a, b) => a - b) },
    ]);
    expect((await todos().get(has.id))!.labels).not.toContain(4);
    expect((await todos().get(lacks.id))!.labels).toContain(4);
    const unknownTodo = await t.post('/api/todo-app/toggle-label', { selectedTodoIds: [has.id, 'nope'], labelId: 4 });
    expect(unknownTodo.statusCode).toBe(404);
    expect((await todos().get(has.id))!.labels).not.toContain(4);
    expect((await t.post('/api/todo-app/toggle-label', { selectedTodoIds: [has.id], labelId: '4' })).statusCode).toBe(400);
  });

  it('POST /api/todo-app/delete-todos removes them permanently and answers the ids', async () => {
    const [a, b] = await todos().list();
    const before = await todos().count();
    const res = await t.post('/api/todo-app/delete-todos', { selectedTodoIds: [a!.id, b!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([a!.id, b!.id]);
    expect(await todos().has(a!.id)).toBe(false);
    expect(await todos().count()).toBe(before - 2);
    expect((await t.get('/api/todo-app/todos?filterHandle=deleted')).json()).not.toContainEqual(expect.objectContaining({ id: a!.id }));
    expect((await t.post('/api/todo-app/delete-todos', { selectedTodoIds: ['nope'] })).statusCode).toBe(404);
    expect((await t.post('/api/todo-app/delete-todos', { selectedTodoIds: [] })).statusCode).toBe(400);
    expect(await todos().count()).toBe(before - 2);
  });

  it('every to-do path answers 401 without a token and 403 for a viewer', async () => {
    const todo = (await todos().list())[0]!;
    for (const endpoint of [
      { method: 'GET' as const, url: '/api/todo-app/todos' },
      { method: 'GET' as const, url: '/api/todo-app/folders' },
      { method: 'GET' as const, url: '/api/todo-app/filters' },
      { method: 'GET' as const, url: '/api/todo-app/labels' },
      { method: 'POST' as const, url: '/api/todo-app/update-todo', payload: todo },
      { method: 'POST' as const, url: '/api/todo-app/new-todo', payload: { title: 'x' } },
      { method: 'POST' as const, url: '/api/todo-app/remove-todo', payload: { todoId: todo.id } },
      { method: 'POST' as const, url: '/api/todo-app/set-folder', payload: { selectedTodoIds: [todo.id], folderId: 0 } },
      { method: 'POST' as const, url: '/api/todo-app/toggle-label', payload: { selectedTodoIds: [todo.id], labelId: 1 } },
      { method: 'POST' as const, url: '/api/todo-app/delete-todos', payload: { selectedTodoIds: [todo.id] } },
    ]) {
      await expectGuarded(t, endpoint);
    }
    expect(await todos().get(todo.id)).toEqual(todo);
  });
});
