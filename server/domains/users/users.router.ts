import { z } from 'zod';
import { adminProcedure, authedProcedure, publicProcedure, roleProcedure, router, sessionProcedure } from '@server/trpc/init';
import {
  botCheckChallengeOutput,
  botCheckConfigOutput,
  botCheckVerdict,
  changePasswordInput,
  checkUserExistsInput,
  emulateInput,
  forgotPasswordInput,
  googleSignInInput,
  loginInput,
  registerInput,
  resetPasswordInput,
  sessionAnswer,
  sessionUser,
  setActiveInput,
  setLocaleInput,
  setLocaleOutput,
  setRoleInput,
  updateSelfInput,
  verifyBotCheckInput,
  viewerProfileInput,
} from './users.schemas';
import { setUserActive, setUserRole } from './admin-rules';
import { signInWithExternalIdentity } from './external-sign-in';
import { login, viewerLogin } from './login';
import { changePassword, requestPasswordReset, resetPassword } from './passwords';
import { accountReadyMessage, awaitingActivationMessage, registerAccount } from './registration';
import { toSessionUser } from './session-reads';
import { emulate, issueSession, refreshSession } from './sessions';
import { checkUserExists, setLocale, updateSelf, updateViewerProfile } from './users.service';
import { creatorActivation } from './admin-users.service';
import { usersRouteMessages } from './users.messages';
import { TRPCError } from '@trpc/server';
import { IdentityError } from '@server/providers/identity/interface';
import { contextLocale, type Context } from '@server/trpc/context';
import { translate } from '@server/i18n/translate';

/** An answer's `message` in the caller's language (the account's, else Accept-Language, else the exact English). */
function inCallerLanguage<Answer extends { message: string }>(ctx: Context, answer: Answer): Answer {
  return { ...answer, message: translate(contextLocale(ctx), answer.message) };
}

const registerAnswer = z.object({ message: z.string(), user: sessionUser, token: z.string().optional() });

export const usersRouter = router({
  /** Creators register inactive unless the settings say otherwise (admins get a notice); viewers are active at once and get their token. */
  register: publicProcedure.meta({ scope: 'public', errors: ['CONFLICT', 'TOO_MANY_REQUESTS'] })
    .input(registerInput)
    .output(registerAnswer)
    .mutation(async ({ ctx, input }) => {
      const activation = await creatorActivation(ctx.services);
      const user = await registerAccount(ctx.services, input, ctx.clientIp, { activateCreator: activation.activateCreator });
      if (user.role !== 'viewer' && !user.isActive) await activation.onCreatorWaiting?.(user);
      if (user.role === 'viewer') {
        const session = await issueSession(ctx.services, user);
        return inCallerLanguage(ctx, { message: accountReadyMessage, ...session });
      }
      return inCallerLanguage(ctx, { message: user.isActive ? accountReadyMessage : awaitingActivationMessage, user: await toSessionUser(ctx.services, user) });
    }),

  /** Checkout: signs the new creator in at once, limited to checkout until the first payment or an admin's activation. */
  registerWithSignIn: publicProcedure.meta({ scope: 'public', errors: ['CONFLICT', 'TOO_MANY_REQUESTS'] })
    .input(registerInput)
    .output(sessionAnswer)
    .mutation(async ({ ctx, input }) => {
      const user = await registerAccount(ctx.services, input, ctx.clientIp, { viaCheckout: true });
      return issueSession(ctx.services, user);
    }),

  login: publicProcedure.meta({ scope: 'public', errors: ['UNAUTHORIZED', 'TOO_MANY_REQUESTS', 'SERVICE_UNAVAILABLE'] })
    .input(loginInput)
    .output(sessionAnswer)
    .mutation(({ ctx, input }) => login(ctx.services, input, ctx.clientIp)),

  viewerLogin: publicProcedure.meta({ scope: 'public', errors: ['UNAUTHORIZED', 'TOO_MANY_REQUESTS'] })
    .input(loginInput)
    .output(sessionAnswer)
    .mutation(({ ctx, input }) => viewerLogin(ctx.services, input, ctx.clientIp)),

  alive: sessionProcedure.meta({ scope: 'session' }).output(sessionAnswer).query(({ ctx }) => refreshSession(ctx.services, ctx.actor)),

  emulate: adminProcedure.meta({ scope: 'session', errors: ['FORBIDDEN'] })
    .input(emulateInput)
    .output(sessionAnswer)
    .query(({ ctx, input }) => emulate(ctx.services, ctx.actor, input.id)),

  updateSelf: roleProcedure('admin', 'dj', 'staff', 'user').meta({ scope: 'session' })
    .input(updateSelfInput)
    .output(z.object({ user: sessionUser }))
    .mutation(async ({ ctx, input }) => ({ user: await updateSelf(ctx.services, ctx.actor, input) })),

  changePassword: sessionProcedure.meta({ scope: 'session', errors: ['TOO_MANY_REQUESTS'] })
    .input(changePasswordInput)
    .output(sessionAnswer)
    .mutation(({ ctx, input }) => changePassword(ctx.services, ctx.actor, input)),

  /** The account's language (any signed-in account, viewers too, a creator still paying too): kept for every device. */
  setLocale: sessionProcedure.meta({ scope: 'session' })
    .input(setLocaleInput)
    .output(setLocaleOutput)
    .mutation(({ ctx, input }) => setLocale(ctx.services, ctx.actor, input.locale)),

  checkUserExists: publicProcedure.meta({ scope: 'public', errors: ['TOO_MANY_REQUESTS'] })
    .input(checkUserExistsInput)
    .output(z.object({ exists: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      await ctx.services.rateLimiter.consume(`check-user:ip:${ctx.clientIp}`, { limit: 30, windowMs: 60_000 });
      return checkUserExists(ctx.services.db, input.email);
    }),

  botCheckConfig: publicProcedure
    .meta({ scope: 'public' })
    .output(botCheckConfigOutput)
    .query(({ ctx }) => ctx.services.botCheck.publicConfig),

  botCheckChallenge: publicProcedure
    .meta({ scope: 'public', errors: ['NOT_FOUND'] })
    .output(botCheckChallengeOutput)
    .query(async ({ ctx }) => {
      if (!ctx.services.botCheck.createChallenge) {
        throw new TRPCError({ code: 'NOT_FOUND', message: usersRouteMessages.noChallenges });
      }
      return ctx.services.botCheck.createChallenge();
    }),

  verifyBotCheck: publicProcedure.meta({ scope: 'public', errors: ['TOO_MANY_REQUESTS'] })
    .input(verifyBotCheckInput)
    .output(botCheckVerdict)
    .mutation(async ({ ctx, input }) => {
      // Each call costs a siteverify request (or a hash check): keep strangers from using us as a proxy.
      await ctx.services.rateLimiter.consume(`bot-check:ip:${ctx.clientIp}`, { limit: 30, windowMs: 60_000 });
      return ctx.services.botCheck.verify(input.token, ctx.clientIp);
    }),

  updateViewerProfile: authedProcedure.meta({ scope: 'session', errors: ['FORBIDDEN'] })
    .input(viewerProfileInput)
    .output(z.object({ user: sessionUser }))
    .mutation(async ({ ctx, input }) => ({ user: await updateViewerProfile(ctx.services, ctx.actor, input) })),

  googleSignIn: publicProcedure.meta({ scope: 'public', errors: ['UNAUTHORIZED', 'CONFLICT'] })
    .input(googleSignInInput)
    .output(z.union([sessionAnswer, z.object({ message: z.string(), pendingActivation: z.literal(true) })]))
    .mutation(async ({ ctx, input }) => {
      let identity;
      try {
        identity = await ctx.services.identity.verifyGoogleIdToken(input.tokenId);
      } catch (error) {
        if (error instanceof IdentityError) throw new TRPCError({ code: 'UNAUTHORIZED', message: error.message });
        throw error;
      }
      const result = await signInWithExternalIdentity(ctx.services, identity, input.roleId, await creatorActivation(ctx.services));
      if (result.kind === 'pending-activation') return inCallerLanguage(ctx, { message: result.message, pendingActivation: true as const });
      return result.session;
    }),

  forgotPassword: publicProcedure.meta({ scope: 'public', errors: ['TOO_MANY_REQUESTS'] })
    .input(forgotPasswordInput.extend({ resetPath: z.enum(['/pages/auth/reset-password', '/pages/auth/reset-password-2']).optional() }))
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => {
      const base = ctx.services.config.publicUrl ?? `http://localhost:${ctx.services.config.port}`;
      return inCallerLanguage(ctx, await requestPasswordReset(ctx.services, input.email, `${base}${input.resetPath ?? '/pages/auth/reset-password'}`, ctx.clientIp));
    }),

  resetPassword: publicProcedure.meta({ scope: 'public', errors: ['TOO_MANY_REQUESTS'] })
    .input(resetPasswordInput)
    .output(z.object({ message: z.string() }))
    .mutation(async ({ ctx, input }) => inCallerLanguage(ctx, await resetPassword(ctx.services, input.token, input.password))),

  setActive: adminProcedure
    .input(setActiveInput)
    .output(z.object({ user: sessionUser }))
    .mutation(async ({ ctx, input }) => ({ user: await setUserActive(ctx.services, ctx.actor, input.id, input.isActive) })),

  setRole: adminProcedure
    .input(setRoleInput)
    .output(z.object({ user: sessionUser }))
    .mutation(async ({ ctx, input }) => ({ user: await setUserRole(ctx.services, ctx.actor, input.id, input.role) })),
});
