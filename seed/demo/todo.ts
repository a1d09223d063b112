import { Faker, base, en } from '@faker-js/faker';
import type { Db } from '@db/client';
import { todoCollections } from '@server/domains/demo/todo/todo.service';
import type { Todo, TodoFilter, TodoFolder, TodoLabel } from '@server/domains/demo/todo/todo.schemas';
import type { DemoSeeder } from './seeder';

export const todoFolders: TodoFolder[] = [{ id: 0, handle: 'all', title: 'All', icon: 'view_headline' }];

export const todoFilters: TodoFilter[] = [
  { id: 0, handle: 'starred', title: 'Starred', icon: 'star' },
  { id: 1, handle: 'important', title: 'Priority', icon: 'error' },
  { id: 2, handle: 'dueDate', title: 'Sheduled', icon: 'schedule' },
  { id: 3, handle: 'today', title: 'Today', icon: 'today' },
  { id: 4, handle: 'completed', title: 'Done', icon: 'check' },
  { id: 5, handle: 'deleted', title: 'Deleted', icon: 'delete' },
];

export const todoLabels: TodoLabel[] = [
  { id: 1, handle: 'frontend', title: 'Frontend', color: '#388e3c' },
  { id: 2, handle: 'backend', title: 'Backend', color: '#f44336' },
  { id: 3, handle: 'api', title: 'API', color: '#ff9800' },
  { id: 4, handle: 'issue', title: 'Issue', color: '#0091ea' },
  { id: 5, handle: 'mobile', title: 'Mobile', color: '#9c27b0' },
];

const dayMs = 86_400_000;

/**
 * Deterministic sample todos. Dates are placed relative to today (UTC) so the "today" and
 * "scheduled" filters always have something to show; everything else comes from the fixed seed.
 */
export function generateTodos(today: Date = new Date()): Todo[] {
  const faker = new Faker({ locale: [en, base] });
  faker.seed(4303);
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const at = (days: number, hour: number) => new Date(midnight + days * dayMs + hour * 3_600_000).toISOString();
  return Array.from({ length: 22 }, (_, index) => {
    const startOffset = faker.number.int({ min: -20, max: 3 });
    const hour = faker.number.int({ min: 8, max: 18 });
    const isToday = index % 6 === 0;
    const hasDue = index % 3 !== 2;
    return {
      id: faker.string.uuid(),
      title: faker.hacker.phrase().replace(/\.$/, ''),
      notes: faker.lorem.sentences({ min: 1, max: 3 }),
      startDate: at(isToday ? 0 : startOffset, hour),
      dueDate: hasDue ? at(isToday ? 0 : startOffset + faker.number.int({ min: 1, max: 14 }), 17) : null,
      completed: index % 4 === 3,
      starred: index % 5 === 1,
      important: index % 3 === 0,
      deleted: index % 10 === 9,
      labels: faker.helpers.arrayElements([1, 2, 3, 4, 5], faker.number.int({ min: 0, max: 2 })).sort(),
      folder: 0,
    };
  });
}

export const todoSeeder: DemoSeeder = {
  app: 'todo',
  async seed(db: Db) {
    await todoCollections.folders(db).replaceAll(todoFolders);
    await todoCollections.filters(db).replaceAll(todoFilters);
    await todoCollections.labels(db).replaceAll(todoLabels);
    await todoCollections.todos(db).replaceAll(generateTodos());
  },
};
