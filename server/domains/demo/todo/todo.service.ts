import { DomainError } from '@server/platform/errors';
import type { Db } from '@db/client';
import { newId } from '@server/lib/ids';
import { collection } from '../demo.store';
import type { ListTodosInput, NewTodoInput, SetTodoFolderInput, Todo, TodoFilter, TodoFolder, TodoLabel, ToggleTodoLabelInput } from './todo.schemas';
import { toggleLabelId } from '../label-ids';

export const todoCollections = {
  todos: (db: Db) => collection<Todo>(db, 'todo.todos'),
  folders: (db: Db) => collection<TodoFolder>(db, 'todo.folders'),
  filters: (db: Db) => collection<TodoFilter>(db, 'todo.filters'),
  labels: (db: Db) => collection<TodoLabel>(db, 'todo.labels'),
};

export const todoMessages = {
  todoNotFound: 'Todo not found',
  folderNotFound: 'Folder not found',
  filterNotFound: 'Filter not found',
  labelNotFound: 'Label not found',
} as const;

const notFound = (message: string) => new DomainError({ code: 'NOT_FOUND', message });

const utcDay = (iso: string | null) => (iso ? new Date(iso).toISOString().slice(0, 10) : null);

/** The rule of each filter handle; the deleted filter is the only one that shows deleted todos. */
export function matchesTodoFilter(todo: Todo, handle: string, now: Date = new Date()): boolean {
  if (handle === 'deleted') return todo.deleted;
  if (todo.deleted) return false;
  switch (handle) {
    case 'starred':
      return todo.starred;
    case 'important':
      return todo.important;
    case 'dueDate':
      return todo.dueDate !== null;
    case 'today': {
      const today = now.toISOString().slice(0, 10);
      return utcDay(todo.startDate) === today || utcDay(todo.dueDate) === today;
    }
    case 'completed':
      return todo.completed;
    default:
      return false;
  }
}

const knownFilters = new Set(['starred', 'important', 'dueDate', 'today', 'completed', 'deleted']);

export async function listTodos(db: Db, input: ListTodosInput, now: Date = new Date()): Promise<Todo[]> {
  const todos = await todoCollections.todos(db).list();
  if (input.labelHandle) {
    const label = (await todoCollections.labels(db).list()).find((item) => item.handle === input.labelHandle);
    if (!label) throw notFound(todoMessages.labelNotFound);
    return todos.filter((todo) => !todo.deleted && todo.labels.includes(label.id));
  }
  if (input.filterHandle) {
    const filter = (await todoCollections.filters(db).list()).find((item) => item.handle === input.filterHandle);
    if (!filter || !knownFilters.has(filter.handle)) throw notFound(todoMessages.filterNotFound);
    return todos.filter((todo) => matchesTodoFilter(todo, filter.handle, now));
  }
  const folderHandle = input.folderHandle ?? 'all';
  const folder = (await todoCollections.folders(db).list()).find((item) => item.handle === folderHandle);
  if (!folder) throw notFound(todoMessages.folderNotFound);
  return todos.filter((todo) => !todo.deleted && (folder.handle === 'all' || todo.folder === folder.id));
}

export const listFolders = (db: Db) => todoCollections.folders(db).list();
export const listFilters = (db: Db) => todoCollections.filters(db).list();
export const listLabels = (db: Db) => todoCollections.labels(db).list();

async function checkRefs(db: Db, todo: { labels: number[]; folder?: number | undefined }): Promise<void> {
  const labels = todoCollections.labels(db);
  for (const labelId of todo.labels) if (!(await labels.has(labelId))) throw notFound(todoMessages.labelNotFound);
  if (todo.folder !== undefined && !(await todoCollections.folders(db).has(todo.folder))) throw notFound(todoMessages.folderNotFound);
}

function withoutUndefinedFolder<T extends { folder?: number | undefined }>(todo: T): T {
  if (todo.folder !== undefined) return todo;
  const { folder: _folder, ...rest } = todo;
  return rest as T;
}

/** Replaces the whole todo. */
export async function updateTodo(db: Db, todo: Todo): Promise<Todo> {
  const todos = todoCollections.todos(db);
  // The checks and the write are one step: a todo deleted meanwhile is not written back.
  return db.transaction(async () => {
    if (!(await todos.has(todo.id))) throw notFound(todoMessages.todoNotFound);
    await checkRefs(db, todo);
    return todos.put(withoutUndefinedFolder(todo));
  });
}

/** A new todo gets a generated id and goes to the front of the list. */
export async function newTodo(db: Db, input: NewTodoInput): Promise<Todo> {
  const { id: _clientId, ...fields } = input;
  // The reference check and the write are one step (a label or folder removed meanwhile is not referenced).
  return db.transaction(async () => {
    await checkRefs(db, input);
    return todoCollections.todos(db).prepend(withoutUndefinedFolder({ ...fields, id: newId() }));
  });
}

/** Soft delete: the todo stays, marked deleted (it shows under the deleted filter). */
export async function removeTodo(db: Db, todoId: string): Promise<Todo> {
  const todos = todoCollections.todos(db);
  // Read and written back in one step: no change made meanwhile is lost.
  return db.transaction(async () => {
    const todo = await todos.get(todoId);
    if (!todo) throw notFound(todoMessages.todoNotFound);
    return todos.put({ ...todo, deleted: true });
  });
}

async function selectedTodos(db: Db, ids: string[]): Promise<Todo[]> {
  const todos = todoCollections.todos(db);
  const selected: Todo[] = [];
  for (const id of new Set(ids)) {
    const todo = await todos.get(id);
    if (!todo) throw notFound(todoMessages.todoNotFound);
    selected.push(todo);
  }
  return selected;
}

async function putAll(db: Db, todos: Todo[]): Promise<Todo[]> {
  const store = todoCollections.todos(db);
  await db.transaction(async () => {
    for (const todo of todos) await store.put(todo);
  });
  return todos;
}

/** Puts each selected todo in the folder; answers the updated todos. */
export async function setFolder(db: Db, input: SetTodoFolderInput): Promise<Todo[]> {
  // Reading the selected todos and writing them back changed is one step (no other change lost in between).
  return db.transaction(async () => {
    if (!(await todoCollections.folders(db).has(input.folderId))) throw notFound(todoMessages.folderNotFound);
    return putAll(db, (await selectedTodos(db, input.selectedTodoIds)).map((todo) => ({ ...todo, folder: input.folderId })));
  });
}

/** Adds the label to each selected todo that lacks it, removes it from each that has it. */
export async function toggleLabel(db: Db, input: ToggleTodoLabelInput): Promise<Todo[]> {
  // Read, toggle and write back in one step: two toggles at once each see the other's result.
  return db.transaction(async () => {
    if (!(await todoCollections.labels(db).has(input.labelId))) throw notFound(todoMessages.labelNotFound);
    const toggled = (await selectedTodos(db, input.selectedTodoIds)).map((todo) => ({
      ...todo,
      labels: toggleLabelId(todo.labels, input.labelId),
    }));
    return putAll(db, toggled);
  });
}

/** Removes the selected todos permanently; answers the removed ids. */
export async function deleteTodos(db: Db, selectedTodoIds: string[]): Promise<string[]> {
  const ids = (await selectedTodos(db, selectedTodoIds)).map((todo) => todo.id);
  await todoCollections.todos(db).remove(ids);
  return ids;
}
