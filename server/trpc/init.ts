import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import type { UserRole } from '@common/roles';
import { fieldErrorsOf, forbiddenMessage, pendingPaymentMessage, validationMessage, type DomainErrorCode } from '@server/platform/errors';
import { localizedErrorShape, refusalReasonOf, withDomainErrorsMapped } from './errors';
import { apiTokenMessages, tokenHoldsScope, type ProcedureScope } from '@server/domains/api-tokens/api-tokens.schemas';
import { apiTokenRefusal } from '@server/domains/api-tokens/api-tokens.service';
import type { Actor, Context } from './context';

/** Declared on every procedure with `.meta({ scope })` (see ProcedureScope; tests/integration/api-scopes.test.ts checks). */
export interface ProcedureMeta {
  scope?: ProcedureScope;
  /**
   * Errors the procedure's own work can answer, for the OpenAPI document. Those its base (401/403), its input (400)
   * and the record ids in its input (404) imply are derived and need no entry.
   */
  errors?: readonly DomainErrorCode[];
}

const t = initTRPC.context<Context>().meta<ProcedureMeta>().create({
  errorFormatter({ shape, error, ctx }) {
    const fieldErrors = fieldErrorsOf(error);
    const isInternal = error.code === 'INTERNAL_SERVER_ERROR';
    // A refusal the web tells apart by its code, not its (translated) text: data.reason.
    const reason = isInternal ? null : refusalReasonOf(error);
    return localizedErrorShape(ctx, {
      ...shape,
      message: isInternal
        ? 'Unexpected error. Please try again.'
        : error.cause instanceof ZodError && fieldErrors
          ? validationMessage(fieldErrors)
          : shape.message,
      data: { code: shape.data.code, httpStatus: shape.data.httpStatus, path: shape.data.path, fieldErrors: fieldErrors ?? null, ...(reason && { reason }) },
    });
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * The one check of API tokens (`Bearer cp_...`): the procedure's declared scope must be `public` or one the
 * token holds; undeclared and `session` procedures refuse tokens. The token is looked up again here because a
 * websocket keeps its context for the connection's life: a revoke counts from the next call. `admit` below runs it
 * first; the SignalR hub, which has no procedure, calls it itself.
 */
export async function enforceApiTokenScope(ctx: Pick<Context, 'actor' | 'services'>, scope: ProcedureScope | undefined): Promise<void> {
  const apiToken = ctx.actor?.apiToken;
  if (!apiToken || scope === 'public') return;
  const refusal = await apiTokenRefusal(ctx.services.db, apiToken.id);
  if (refusal) throw new TRPCError({ code: 'UNAUTHORIZED', message: refusal });
  if (!scope || scope === 'session') throw new TRPCError({ code: 'FORBIDDEN', message: apiTokenMessages.sessionOnly });
  if (!tokenHoldsScope(apiToken.scopes, scope)) throw new TRPCError({ code: 'FORBIDDEN', message: apiTokenMessages.missingScope(scope) });
}

export { forbiddenMessage, pendingPaymentMessage };

/** Whom a signed-in procedure base admits (checked in this order: API token scope, signed in, role, checkout payment). */
export interface Admission {
  roles?: readonly UserRole[];
  /** A creator registered through checkout reaches nothing but checkout until the payment is confirmed or an admin activates them. */
  admitsPendingPayment?: boolean;
}

/** Each signed-in base's middleware and whom it admits (the OpenAPI document's 401/403 answers, the upload routes' checks). */
const admissions = new WeakMap<object, Admission>();

/** Whom a procedure's middlewares (`_def.middlewares`) admit: undefined when anyone may call it. */
export function admissionOf(middlewares: readonly unknown[]): Admission | undefined {
  for (const middleware of middlewares) {
    const admission = typeof middleware === 'function' ? admissions.get(middleware) : undefined;
    if (admission) return admission;
  }
  return undefined;
}

type AdmissionContext = Pick<Context, 'actor' | 'authError' | 'services'>;

/**
 * The admission checks of every procedure base, in one place: the procedure bases' middleware below and the upload
 * routes (server/rest/upload-route.ts, before any byte of the body is read) both call this. `admission` undefined is a
 * public base (anyone; an API token only within the scope). Answers the signed-in actor, if any.
 */
export function admit(ctx: AdmissionContext, admission: Admission, scope: ProcedureScope | undefined): Promise<Actor>;
export function admit(ctx: AdmissionContext, admission: Admission | undefined, scope: ProcedureScope | undefined): Promise<Actor | null>;
export async function admit(ctx: AdmissionContext, admission: Admission | undefined, scope: ProcedureScope | undefined): Promise<Actor | null> {
  await enforceApiTokenScope(ctx, scope);
  return admitChecked(ctx, admission);
}

/** `admit` past the API token's scope check: synchronous (a session token needs no read here). */
function admitChecked(ctx: AdmissionContext, admission: Admission | undefined): Actor | null {
  const { actor } = ctx;
  if (!admission) return actor;
  if (!actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: ctx.authError ?? 'Invalid access_token' });
  if (admission.roles && !admission.roles.includes(actor.role)) throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage });
  if (!admission.admitsPendingPayment && actor.user.pendingPayment) throw new TRPCError({ code: 'FORBIDDEN', message: pendingPaymentMessage });
  return actor;
}

/** `admit`, without a promise when there is no API token to look up (every session request). */
function admitNow(ctx: AdmissionContext, admission: Admission | undefined, scope: ProcedureScope | undefined): Actor | null | Promise<Actor | null> {
  return ctx.actor?.apiToken ? admit(ctx, admission, scope) : admitChecked(ctx, admission);
}

/**
 * The one middleware of each procedure base: all of its checks in one step (each tRPC middleware step copies the
 * call's options and context, which showed in the profile of every request). The context goes on unchanged: the
 * actor `admit` answers is the context's own (procedure-call.ts then hands the same context object on).
 */
function admitSignedIn(admission: Admission) {
  const middleware = t.middleware(async ({ ctx, meta, type, next }) => {
    const admitted = admitNow(ctx, admission, meta?.scope);
    const actor = admitted instanceof Promise ? await admitted : admitted;
    return withDomainErrorsMapped(await next({ ctx: { actor: actor! } }), type);
  });
  for (const fn of middleware._middlewares) admissions.set(fn, admission);
  return middleware;
}

const admitAnyone = t.middleware(async ({ ctx, meta, type, next }) => {
  const admitted = admitNow(ctx, undefined, meta?.scope);
  if (admitted instanceof Promise) await admitted;
  return withDomainErrorsMapped(await next(), type);
});

// Every base below checks the caller in `.use()` before any `.input()` a procedure adds, so a wrong
// token is refused (401/403) before its input is looked at.

/** Anyone. An API token passes only where the procedure declares `public` or a scope the token holds. */
export const publicProcedure = t.procedure.use(admitAnyone);

/**
 * Any valid token, including a creator whose checkout payment is pending. Only for the caller's own
 * session and account: alive, password change, terms.
 */
export const sessionProcedure = t.procedure.use(admitSignedIn({ admitsPendingPayment: true }));

/** Signed in with any token (creator, admin or viewer); not a creator whose checkout payment is pending. */
export const authedProcedure = t.procedure.use(admitSignedIn({}));

/** Signed in with one of the given roles. Viewer tokens only pass where 'viewer' is listed; pending-payment creators never. */
export function roleProcedure(...roles: UserRole[]) {
  return t.procedure.use(admitSignedIn({ roles }));
}

/** One of the given roles, admitting a creator whose checkout payment is pending (their own account and session). */
export function accountProcedure(...roles: UserRole[]) {
  return t.procedure.use(admitSignedIn({ roles, admitsPendingPayment: true }));
}

/** Checkout: admin or creator, also a creator registered through checkout who has not paid yet (payment and reactivation calls). */
export const checkoutProcedure = accountProcedure('admin', 'dj');

/** The dashboard's areas: admin and creators (and staff/user for the sample apps). */
export const creatorProcedure = roleProcedure('admin', 'dj');
/** Admins; an admin's API token needs the `admin` scope (a procedure may narrow this to `session`). */
export const adminProcedure = roleProcedure('admin').meta({ scope: 'admin' });
/** Viewers only: API tokens belong to creators and admins, so these are session-only. */
export const viewerProcedure = roleProcedure('viewer').meta({ scope: 'session' });
