import fc from 'fast-check';
import { TRPCError } from '@trpc/server';
import { DomainError } from '@server/platform/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailCollections } from '@server/domains/demo/mail/mail.service';
import type { ListMailsInput, Mail } from '@server/domains/demo/mail/mail.schemas';
import { listTodos, todoCollections } from '@server/domains/demo/todo/todo.service';
import type { ListTodosInput, Todo } from '@server/domains/demo/todo/todo.schemas';
import type { AppCaller } from '@server/trpc/root';
import { mailFilters, mailFolders, mailLabels, mailSeeder } from '../../../seed/demo/mail';
import { todoFilters, todoLabels, todoSeeder } from '../../../seed/demo/todo';
import { callerAs, createTestApp, createUser, type TestApp } from '../../helpers/app';

/**
 * Properties of the mail and to-do apps over generated data (demo-apps.md §4, §7):
 * toggling a label twice restores every item, and the list filters agree with a plain model of the spec rules.
 */
const numRuns = 30;

let t: TestApp;
let caller: AppCaller;
let mailTemplate: Mail;
const db = () => t.app.services.db;

/** Extra to-do folders so the folder view has something besides 'all' to choose. */
const extraTodoFolders = [
  { id: 1, handle: 'work', title: 'Work', icon: 'work' },
  { id: 2, handle: 'home', title: 'Home', icon: 'home' },
];

beforeAll(async () => {
  t = await createTestApp();
  await mailSeeder.seed(db());
  await todoSeeder.seed(db());
  for (const folder of extraTodoFolders) await todoCollections.folders(db()).put(folder);
  mailTemplate = (await mailCollections.mails(db()).list())[0]!;
  const staff = await createUser(t.app, { role: 'staff' });
  caller = await callerAs(t.app, staff.token);
});
afterAll(() => t.close());

/** Stored label ids are unique and ascending (every write normalizes them). */
const storedLabelIds = (ids: number[]) => [...ids].sort((a, b) => a - b);

// ---------- mail ----------

const mailFields = fc.record({
  folder: fc.constantFrom(...mailFolders.map((folder) => folder.id)),
  read: fc.boolean(),
  starred: fc.boolean(),
  important: fc.boolean(),
  hasAttachments: fc.boolean(),
  labels: fc.uniqueArray(fc.constantFrom(...mailLabels.map((label) => label.id)), { maxLength: mailLabels.length }).map(storedLabelIds),
});
const mailSet = fc
  .array(mailFields, { maxLength: 14 })
  .map((items): Mail[] => items.map((fields, index) => ({ ...mailTemplate, ...fields, id: `mail-${index}`, subject: `Mail ${index}`, message: `<p>Mail ${index}</p>`, from: { ...mailTemplate.from, avatar: '' } })));

async function storeMails(mails: Mail[]): Promise<void> {
  await mailCollections.mails(db()).replaceAll(mails);
}

/** The spec rule: label first, then filter (mails whose flag of that name is true), then folder (default inbox). */
function mailModel(mails: Mail[], query: ListMailsInput): Mail[] | 'NOT_FOUND' {
  if (query.labelHandle !== undefined) {
    const label = mailLabels.find((item) => item.handle === query.labelHandle);
    return label ? mails.filter((mail) => mail.labels.includes(label.id)) : 'NOT_FOUND';
  }
  if (query.filterHandle !== undefined) {
    if (!mailFilters.some((item) => item.handle === query.filterHandle)) return 'NOT_FOUND';
    const flag = query.filterHandle as 'starred' | 'important';
    return mails.filter((mail) => mail[flag] === true);
  }
  const folder = mailFolders.find((item) => item.handle === (query.folderHandle ?? 'inbox'));
  return folder ? mails.filter((mail) => mail.folder === folder.id) : 'NOT_FOUND';
}

const mailQuery = fc.record(
  {
    labelHandle: fc.constantFrom(...mailLabels.map((label) => label.handle), 'no-such-label'),
    filterHandle: fc.constantFrom(...mailFilters.map((filter) => filter.handle), 'read', 'no-such-filter'),
    folderHandle: fc.constantFrom(...mailFolders.map((folder) => folder.handle), 'archive'),
  },
  { requiredKeys: [] },
);

async function outcome<T>(call: () => Promise<T>): Promise<T | 'NOT_FOUND'> {
  try {
    return await call();
  } catch (error) {
    if ((error instanceof DomainError || error instanceof TRPCError) && error.code === 'NOT_FOUND') return 'NOT_FOUND';
    throw error;
  }
}

/** A non-empty selection of indexes into a list of `size` items (duplicates allowed, as a client might send). */
const selection = (size: number) => fc.array(fc.integer({ min: 0, max: size - 1 }), { minLength: 1, maxLength: size + 2 });

describe('mail properties', () => {
  it('toggling a label twice restores every mail; once flips it on exactly the selected mails', async () => {
    const scenario = mailSet
      .filter((mails) => mails.length > 0)
      .chain((mails) => fc.tuple(fc.constant(mails), selection(mails.length), fc.constantFrom(...mailLabels.map((label) => label.id))));
    await fc.assert(
      fc.asyncProperty(scenario, async ([mails, picked, labelId]) => {
        await storeMails(mails);
        const selectedMailIds = picked.map((index) => mails[index]!.id);
        const chosen = new Set(selectedMailIds);

        await caller.demo.mail.toggleLabel({ selectedMailIds, labelId });
        const once = await mailCollections.mails(db()).list();
        expect(once.map((mail) => mail.id)).toEqual(mails.map((mail) => mail.id));
        once.forEach((mail, index) => {
          const before = mails[index]!;
          expect({ ...mail, labels: [] }).toEqual({ ...before, labels: [] });
          const hadLabel = before.labels.includes(labelId);
          expect(mail.labels.includes(labelId)).toBe(chosen.has(mail.id) ? !hadLabel : hadLabel);
          expect(mail.labels.filter((id) => id !== labelId)).toEqual(before.labels.filter((id) => id !== labelId));
          expect(mail.labels).toEqual(storedLabelIds(mail.labels));
        });

        await caller.demo.mail.toggleLabel({ selectedMailIds, labelId });
        const twice = await mailCollections.mails(db()).list();
        expect(twice).toEqual(mails);
      }),
      { numRuns },
    );
  });

  it('the mail list (label before filter before folder, default inbox) agrees with the spec model', async () => {
    await fc.assert(
      fc.asyncProperty(mailSet, mailQuery, async (mails, query) => {
        await storeMails(mails);
        const actual = await outcome(() => caller.demo.mail.mails(query));
        expect(actual).toEqual(mailModel(mails, query));
      }),
      { numRuns },
    );
  });
});

// ---------- to-dos ----------

/** A fixed clock for the 'today' filter: generated dates sit on, just before and just after 2030-06-15 (UTC). */
const now = new Date('2030-06-15T12:00:00.000Z');
const todayStart = Date.UTC(2030, 5, 15);
const dates = [
  '2030-06-15T00:00:00.000Z',
  '2030-06-15T23:59:59.000Z',
  '2030-06-14T23:59:59.999Z',
  '2030-06-16T00:00:00.000Z',
  '2030-06-15T23:30:00.000-02:00',
  '2030-06-15T01:00:00.000+02:00',
  '2029-01-01T09:00:00.000Z',
];
const todoFolderIds = [0, ...extraTodoFolders.map((folder) => folder.id)];
const allTodoFolders = [{ id: 0, handle: 'all' }, ...extraTodoFolders];

const todoFields = fc.record({
  startDate: fc.option(fc.constantFrom(...dates), { nil: null }),
  dueDate: fc.option(fc.constantFrom(...dates), { nil: null }),
  completed: fc.boolean(),
  starred: fc.boolean(),
  important: fc.boolean(),
  deleted: fc.boolean(),
  labels: fc.uniqueArray(fc.constantFrom(...todoLabels.map((label) => label.id)), { maxLength: todoLabels.length }).map(storedLabelIds),
  folder: fc.option(fc.constantFrom(...todoFolderIds), { nil: undefined }),
});
const todoSet = fc.array(todoFields, { maxLength: 14 }).map((items): Todo[] =>
  items.map(({ folder, ...fields }, index) => ({
    id: `todo-${index}`,
    title: `Todo ${index}`,
    notes: '',
    ...fields,
    ...(folder === undefined ? {} : { folder }),
  })),
);

const isToday = (iso: string | null) => iso !== null && Date.parse(iso) >= todayStart && Date.parse(iso) < todayStart + 86_400_000;

/** The spec rule: label, or filter, or folder (default all); deleted todos only under the deleted filter. */
function todoModel(todos: Todo[], query: ListTodosInput): Todo[] | 'NOT_FOUND' {
  const live = todos.filter((todo) => !todo.deleted);
  if (query.labelHandle !== undefined) {
    const label = todoLabels.find((item) => item.handle === query.labelHandle);
    return label ? live.filter((todo) => todo.labels.includes(label.id)) : 'NOT_FOUND';
  }
  if (query.filterHandle !== undefined) {
    switch (query.filterHandle) {
      case 'starred':
        return live.filter((todo) => todo.starred);
      case 'important':
        return live.filter((todo) => todo.important);
      case 'dueDate':
        return live.filter((todo) => todo.dueDate !== null);
      case 'today':
        return live.filter((todo) => isToday(todo.startDate) || isToday(todo.dueDate));
      case 'completed':
        return live.filter((todo) => todo.completed);
      case 'deleted':
        return todos.filter((todo) => todo.deleted);
      default:
        return 'NOT_FOUND';
    }
  }
  const folder = allTodoFolders.find((item) => item.handle === (query.folderHandle ?? 'all'));
  if (!folder) return 'NOT_FOUND';
  return folder.handle === 'all' ? live : live.filter((todo) => todo.folder === folder.id);
}

const todoQuery = fc.record(
  {
    labelHandle: fc.constantFrom(...todoLabels.map((label) => label.handle), 'no-such-label'),
    filterHandle: fc.constantFrom(...todoFilters.map((filter) => filter.handle), 'someday'),
    folderHandle: fc.constantFrom(...allTodoFolders.map((folder) => folder.handle), 'archive'),
  },
  { requiredKeys: [] },
);

describe('to-do properties', () => {
  it('the filter handles are exactly the spec\'s, so the model covers every one', () => {
    expect(todoFilters.map((filter) => filter.handle)).toEqual(['starred', 'important', 'dueDate', 'today', 'completed', 'deleted']);
  });

  it('toggling a label twice restores every todo; once flips it on exactly the selected todos', async () => {
    const scenario = todoSet
      .filter((todos) => todos.length > 0)
      .chain((todos) => fc.tuple(fc.constant(todos), selection(todos.length), fc.constantFrom(...todoLabels.map((label) => label.id))));
    await fc.assert(
      fc.asyncProperty(scenario, async ([todos, picked, labelId]) => {
        await todoCollections.todos(db()).replaceAll(todos);
        const selectedTodoIds = picked.map((index) => todos[index]!.id);
        const chosen = new Set(selectedTodoIds);

        await caller.demo.todo.toggleLabel({ selectedTodoIds, labelId });
        const once = await todoCollections.todos(db()).list();
        once.forEach((todo, index) => {
          const before = todos[index]!;
          expect({ ...todo, labels: [] }).toEqual({ ...before, labels: [] });
          const hadLabel = before.labels.includes(labelId);
          expect(todo.labels.includes(labelId)).toBe(chosen.has(todo.id) ? !hadLabel : hadLabel);
          expect(todo.labels.filter((id) => id !== labelId)).toEqual(before.labels.filter((id) => id !== labelId));
          expect(todo.labels).toEqual(storedLabelIds(todo.labels));
        });

        await caller.demo.todo.toggleLabel({ selectedTodoIds, labelId });
        const twice = await todoCollections.todos(db()).list();
        expect(twice).toEqual(todos);
      }),
      { numRuns },
    );
  });

  it('the to-do list (label, filter, folder default all; deleted only under the deleted filter) agrees with the spec model', async () => {
    await fc.assert(
      fc.asyncProperty(todoSet, todoQuery, async (todos, query) => {
        await todoCollections.todos(db()).replaceAll(todos);
        const actual = await outcome(() => listTodos(db(), query, now));
        expect(actual).toEqual(todoModel(todos, query));
      }),
      { numRuns },
    );
  });

  it('the to-do list over tRPC agrees with the model for every view that does not depend on the clock', async () => {
    const clockFree = todoQuery.filter((query) => query.labelHandle !== undefined || query.filterHandle !== 'today');
    await fc.assert(
      fc.asyncProperty(todoSet, clockFree, async (todos, query) => {
        await todoCollections.todos(db()).replaceAll(todos);
        const actual = await outcome(() => caller.demo.todo.todos(query));
        expect(actual).toEqual(todoModel(todos, query));
      }),
      { numRuns },
    );
  });
});
