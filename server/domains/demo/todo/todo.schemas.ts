import { z } from 'zod';
import { clientDateTime, clientProvidedId, emptyAsNull } from '../demo.inputs';
import { labelIdsSchema } from '../label-ids';

/** Shapes of the to-do app (demo-apps.md §3 To-dos). Inputs strip unknown fields (never stored); wrong types and missing fields are refused. */
const tooLong = 'This value is too long';
const id = z.string().trim().min(1, 'Min character length is 1').max(64, tooLong);
const numericId = z.number().int().min(0).max(1_000_000);

const todoFields = {
  title: z.string().trim().min(1, 'Min character length is 1').max(200, tooLong),
  notes: z.string().trim().max(20_000, tooLong),
  startDate: emptyAsNull(clientDateTime),
  dueDate: emptyAsNull(clientDateTime),
  completed: z.boolean(),
  starred: z.boolean(),
  important: z.boolean(),
  deleted: z.boolean(),
  labels: labelIdsSchema(numericId),
  folder: numericId.optional(),
};

export const todoSchema = z.object({ id, ...todoFields });
export type Todo = z.infer<typeof todoSchema>;

/** A new todo: title required, the rest defaults (an id sent by the client is replaced). */
export const newTodoInput = z.object({
  id: clientProvidedId,
  title: todoFields.title,
  notes: todoFields.notes.default(''),
  startDate: todoFields.startDate.default(null),
  dueDate: todoFields.dueDate.default(null),
  completed: todoFields.completed.default(false),
  starred: todoFields.starred.default(false),
  important: todoFields.important.default(false),
  deleted: todoFields.deleted.default(false),
  labels: todoFields.labels.default([]),
  folder: todoFields.folder,
});
export type NewTodoInput = z.infer<typeof newTodoInput>;

export const todoFolder = z.object({ id: numericId, handle: z.string(), title: z.string(), icon: z.string() });
export type TodoFolder = z.infer<typeof todoFolder>;
export const todoFilter = todoFolder;
export type TodoFilter = TodoFolder;
export const todoLabel = z.object({ id: numericId, handle: z.string(), title: z.string(), color: z.string() });
export type TodoLabel = z.infer<typeof todoLabel>;

const handle = z.string().trim().min(1, 'Min character length is 1').max(64, tooLong);
/** GET /api/todo-app/todos: labelHandle, or filterHandle, or folderHandle (default all). */
export const listTodosInput = z
  .object({ labelHandle: handle.optional(), filterHandle: handle.optional(), folderHandle: handle.optional() })
  .default({});
export type ListTodosInput = z.infer<typeof listTodosInput>;

export const removeTodoInput = z.object({ todoId: id });
const selectedTodoIds = z.array(id).min(1, 'Select at least one todo').max(500);
export const setTodoFolderInput = z.object({ selectedTodoIds, folderId: numericId });
export type SetTodoFolderInput = z.infer<typeof setTodoFolderInput>;
export const toggleTodoLabelInput = z.object({ selectedTodoIds, labelId: numericId });
export type ToggleTodoLabelInput = z.infer<typeof toggleTodoLabelInput>;
export const deleteTodosInput = z.object({ selectedTodoIds });
