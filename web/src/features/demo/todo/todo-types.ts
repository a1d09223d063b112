import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@server/trpc/root';

type Outputs = inferRouterOutputs<AppRouter>['demo']['todo'];
export type Todo = Outputs['todos'][number];
export type TodoLabel = Outputs['labels'][number];
export type TodoFolder = Outputs['folders'][number];

export interface TodoDraft {
  id?: string;
  title: string;
  notes: string;
  startDate: string | null;
  dueDate: string | null;
  completed: boolean;
  starred: boolean;
  important: boolean;
  deleted: boolean;
  labels: number[];
  folder?: number;
}

export const emptyTodo = (): TodoDraft => ({ title: '', notes: '', startDate: null, dueDate: null, completed: false, starred: false, important: false, deleted: false, labels: [] });
