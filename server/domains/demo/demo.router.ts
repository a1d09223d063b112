import { router } from '@server/trpc/init';
import { mailRouter } from './mail/mail.router';
import { notesRouter } from './notes/notes.router';
import { todoRouter } from './todo/todo.router';

/** The sample-data apps (demo-apps.md), one sub-router per app. */
export const demoRouter = router({
  mail: mailRouter,
  notes: notesRouter,
  todo: todoRouter,
});
