import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { UserRole } from '@server/domains/users/roles';
import { fieldErrorsOf, validationMessage } from '@server/lib/errors';
import { apiTokenMessages, tokenHoldsScope, type ProcedureScope } from '@server/domains/api-tokens/api-tokens.schemas';
import { apiTokenRefusal } from '@server/domains/api-tokens/api-tokens.service';
import type { Actor, Context } from './context';

/** Declared on every procedure with `.meta({ scope })` (see ProcedureScope; tests/integration/api-scopes.test.ts checks). */
export interface ProcedureMeta {
  scope?: ProcedureScope;
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
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

/**
 * The one check of API tokens (`Bearer cp_...`): the procedure's declared scope must be `public` or one the
 * token holds; undeclared and `session` procedures refuse tokens. The token is looked up again here because a
 * websocket keeps its context for the connection's life: a revoke counts from the next call. REST routes that
 * answer without a procedure (uploads) call it themselves.
 */
export function enforceApiTokenScope(ctx: Pick<Context, 'actor' | 'services'>, scope: ProcedureScope | undefined): void {
  const apiToken = ctx.actor?.apiToken;
  if (!apiToken || scope === 'public') return;
  const refusal = apiTokenRefusal(ctx.services.db, apiToken.id);
  if (refusal) throw new TRPCError({ code: 'UNAUTHORIZED', message: refusal });
  if (!scope || scope === 'session') throw new TRPCError({ code: 'FORBIDDEN', message: apiTokenMessages.sessionOnly });
  if (!tokenHoldsScope(apiToken.scopes, scope)) throw new TRPCError({ code: 'FORBIDDEN', message: apiTokenMessages.missingScope(scope) });
}

const apiTokenScopeCheck = t.middleware(({ ctx, meta, next }) => {
  enforceApiTokenScope(ctx, meta?.scope);
  return next();
});

/** Anyone. An API token passes only where the procedure declares `public` or a scope the token holds. */
export const publicProcedure = t.procedure.use(apiTokenScopeCheck);

export const forbiddenMessage = 'You do not have permission to do this';
export const pendingPaymentMessage = 'Please complete your subscription payment to use this feature.';

type AuthedContext = Context & { actor: Actor };

const requireSignedIn = t.middleware(({ ctx, next }) => {
  if (!ctx.actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authError ?? 'Invalid access_token' });
  return next({ ctx: { ...ctx, actor: ctx.actor as Actor } });
});

function requireRole(roles: readonly UserRole[]) {
  return t.middleware(({ ctx, next }) => {
    const { actor } = ctx as AuthedContext;
    if (!roles.includes(actor.role)) throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage });
    return next();
  });
}

/** A creator registered through checkout reaches nothing but checkout until the payment is confirmed or an admin activates them. */
const refusePendingPayment = t.middleware(({ ctx, next }) => {
  if ((ctx as AuthedContext).actor.user.pendingPayment) throw new TRPCError({ code: 'FORBIDDEN', message: pendingPaymentMessage });
  return next();
});

// Every base below checks the caller in `.use()` before any `.input()` a procedure adds, so a wrong
// token is refused (401/403) before its input is looked at.

/**
 * Any valid token, including a creator whose checkout payment is pending. Only for the caller's own
 * session and account: alive, password change, terms.
 */
export const sessionProcedure = publicProcedure.use(requireSignedIn);

/** Signed in with any token (creator, admin or viewer); not a creator whose checkout payment is pending. */
export const authedProcedure = sessionProcedure.use(refusePendingPayment);

/** Signed in with one of the given roles. Viewer tokens only pass where 'viewer' is listed; pending-payment creators never. */
export function roleProcedure(...roles: UserRole[]) {
  return sessionProcedure.use(requireRole(roles)).use(refusePendingPayment);
}

/** One of the given roles, admitting a creator whose checkout payment is pending (their own account and session). */
export function accountProcedure(...roles: UserRole[]) {
  return sessionProcedure.use(requireRole(roles));
}

/** Checkout: admin or creator, also a creator registered through checkout who has not paid yet (payment and reactivation calls). */
export const checkoutProcedure = accountProcedure('admin', 'dj');

/** The dashboard's areas: admin and creators (and staff/user for the sample apps). */
export const creatorProcedure = roleProcedure('admin', 'dj');
/** Admins; an admin's API token needs the `admin` scope (a procedure may narrow this to `session`). */
export const adminProcedure = roleProcedure('admin').meta({ scope: 'admin' });
/** Viewers only: API tokens belong to creators and admins, so these are session-only. */
export const viewerProcedure = roleProcedure('viewer').meta({ scope: 'session' });
