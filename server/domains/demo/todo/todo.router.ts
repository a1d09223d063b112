import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import {
  deleteTodosInput,
  listTodosInput,
  newTodoInput,
  removeTodoInput,
  setTodoFolderInput,
  todoFilter,
  todoFolder,
  todoLabel,
  todoSchema,
  toggleTodoLabelInput,
} from './todo.schemas';
import * as todoService from './todo.service';

export const todoRouter = router({
  todos: demoProcedure.meta({ errors: ['NOT_FOUND'] })
    .input(listTodosInput)
    .output(z.array(todoSchema))
    .query(({ ctx, input }) => todoService.listTodos(ctx.services.db, input)),
  folders: demoProcedure.output(z.array(todoFolder)).query(({ ctx }) => todoService.listFolders(ctx.services.db)),
  filters: demoProcedure.output(z.array(todoFilter)).query(({ ctx }) => todoService.listFilters(ctx.services.db)),
  labels: demoProcedure.output(z.array(todoLabel)).query(({ ctx }) => todoService.listLabels(ctx.services.db)),
  updateTodo: demoProcedure
    .input(todoSchema)
    .output(todoSchema)
    .mutation(({ ctx, input }) => todoService.updateTodo(ctx.services.db, input)),
  newTodo: demoProcedure.meta({ errors: ['NOT_FOUND'] })
    .input(newTodoInput)
    .output(todoSchema)
    .mutation(({ ctx, input }) => todoService.newTodo(ctx.services.db, input)),
  removeTodo: demoProcedure
    .input(removeTodoInput)
    .output(todoSchema)
    .mutation(({ ctx, input }) => todoService.removeTodo(ctx.services.db, input.todoId)),
  setFolder: demoProcedure
    .input(setTodoFolderInput)
    .output(z.array(todoSchema))
    .mutation(({ ctx, input }) => todoService.setFolder(ctx.services.db, input)),
  toggleLabel: demoProcedure
    .input(toggleTodoLabelInput)
    .output(z.array(todoSchema))
    .mutation(({ ctx, input }) => todoService.toggleLabel(ctx.services.db, input)),
  deleteTodos: demoProcedure
    .input(deleteTodosInput)
    .output(z.array(z.string()))
    .mutation(({ ctx, input }) => todoService.deleteTodos(ctx.services.db, input.selectedTodoIds)),
});
