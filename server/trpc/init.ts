import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { UserRole } from '@db/schema/users';
import { fieldErrorsOf, validationMessage } from '@server/lib/errors';
import type { Actor, Context } from './context';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const fieldErrors = fieldErrorsOf(error);
    const isInternal = error.code === 'INTERNAL_SERVER_ERROR';
    return {
      ...shape,
      message: isInternal
        ? 'Unexpected error. Please try again.'
        : error.cause instanceof ZodError && fieldErrors
          ? validationMessage(fieldErrors)
          : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, fieldErrors: fieldErrors ?? null },
    };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
export const publicProcedure = t.procedure;

export const forbiddenMessage = 'You do not have permission to do this';

/** Signed in with any token (creator, admin or viewer). */
export const authedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authError ?? 'Invalid access_token' });
  return next({ ctx: { ...ctx, actor: ctx.actor as Actor } });
});

/** Signed in with one of the given roles. Viewer tokens only pass where 'viewer' is listed. */
export function roleProcedure(...roles: UserRole[]) {
  return authedProcedure.use(({ ctx, next }) => {
    if (!roles.includes(ctx.actor.role)) throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage });
    return next({ ctx });
  });
}

/** The dashboard's areas: admin and creators (and staff/user for the sample apps). */
export const creatorProcedure = roleProcedure('admin', 'dj');
export const adminProcedure = roleProcedure('admin');
export const viewerProcedure = roleProcedure('viewer');
