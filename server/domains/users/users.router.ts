import { z } from 'zod';
import { adminProcedure, authedProcedure, publicProcedure, roleProcedure, router, sessionProcedure } from '@server/trpc/init';
import {
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
  setRoleInput,
  updateSelfInput,
  verifyBotCheckInput,
  viewerProfileInput,
} from './users.schemas';
import * as usersService from './users.service';
import { creatorActivation } from './admin-users.service';
import { TRPCError } from '@trpc/server';
import { IdentityError } from '@server/providers/identity/interface';

const registerAnswer = z.object({ message: z.string(), user: sessionUser, token: z.string().optional() });

export const usersRouter = router({
  /** Creators register inactive unless the settings say otherwise (admins get a notice); viewers are active at once and get their token. */
  register: publicProcedure.meta({ scope: 'public' })
    .input(registerInput)
    .output(registerAnswer)
    .mutation(async ({ ctx, input }) => {
      const activation = creatorActivation(ctx.services);
      const user = await usersService.registerAccount(ctx.services, input, ctx.clientIp, { activateCreator: activation.activateCreator });
      if (user.role !== 'viewer' && !user.isActive) await activation.onCreatorWaiting?.(user);
      if (user.role === 'viewer') {
        const session = await usersService.issueSession(ctx.services, user);
        return { message: usersService.accountReadyMessage, ...session };
      }
      return { message: usersService.accountReadyMessage, user: usersService.toSessionUser(ctx.services.db, user) };
    }),

  /** Checkout: signs the new creator in at once, limited to checkout until the first payment or an admin's activation. */
  registerWithSignIn: publicProcedure.meta({ scope: 'public' })
    .input(registerInput)
    .output(sessionAnswer)
    .mutation(async ({ ctx, input }) => {
      const user = await usersService.registerAccount(ctx.services, input, ctx.clientIp, { viaCheckout: true });
      return usersService.issueSession(ctx.services, user);
    }),

  login: publicProcedure.meta({ scope: 'public' })
    .input(loginInput)
    .output(sessionAnswer)
    .mutation(({ ctx, input }) => usersService.login(ctx.services, input, ctx.clientIp)),

  viewerLogin: publicProcedure.meta({ scope: 'public' })
    .input(loginInput)
    .output(sessionAnswer)
    .mutation(({ ctx, input }) => usersService.viewerLogin(ctx.services, input, ctx.clientIp)),

  alive: sessionProcedure.meta({ scope: 'session' }).output(sessionAnswer).query(({ ctx }) => usersService.refreshSession(ctx.services, ctx.actor)),

  emulate: adminProcedure.meta({ scope: 'session' })
    .input(emulateInput)
    .output(sessionAnswer)
    .query(({ ctx, input }) => usersService.emulate(ctx.services, ctx.actor, input.id)),

  updateSelf: roleProcedure('admin', 'dj', 'staff', 'user').meta({ scope: 'session' })
    .input(updateSelfInput)
    .output(z.object({ user: sessionUser }))
    .mutation(({ ctx, input }) => ({ user: usersService.updateSelf(ctx.services, ctx.actor, input) })),

  changePassword: sessionProcedure.meta({ scope: 'session' })
    .input(changePasswordInput)
    .output(sessionAnswer)
    .mutation(({ ctx, input }) => usersService.changePassword(ctx.services, ctx.actor, input)),

  checkUserExists: publicProcedure.meta({ scope: 'public' })
    .input(checkUserExistsInput)
    .output(z.object({ exists: z.boolean() }))
    .mutation(({ ctx, input }) => {
      ctx.services.rateLimiter.enforce(`check-user:ip:${ctx.clientIp}`, { limit: 30, windowMs: 60_000 });
      return usersService.checkUserExists(ctx.services.db, input.email);
    }),

  botCheckConfig: publicProcedure.meta({ scope: 'public' }).query(({ ctx }) => ctx.services.botCheck.publicConfig),

  botCheckChallenge: publicProcedure.meta({ scope: 'public' }).query(async ({ ctx }) => {
    if (!ctx.services.botCheck.createChallenge) {
      throw new TRPCError({ code: 'NOT_FOUND', message: 'This bot check does not use challenges' });
    }
    return ctx.services.botCheck.createChallenge();
  }),

  verifyBotCheck: publicProcedure.meta({ scope: 'public' })
    .input(verifyBotCheckInput)
    .output(botCheckVerdict)
    .mutation(({ ctx, input }) => {
      // Each call costs a siteverify request (or a hash check): keep strangers from using us as a proxy.
      ctx.services.rateLimiter.enforce(`bot-check:ip:${ctx.clientIp}`, { limit: 30, windowMs: 60_000 });
      return ctx.services.botCheck.verify(input.token, ctx.clientIp);
    }),

  updateViewerProfile: authedProcedure.meta({ scope: 'session' })
    .input(viewerProfileInput)
    .output(z.object({ user: sessionUser }))
    .mutation(({ ctx, input }) => ({ user: usersService.updateViewerProfile(ctx.services, ctx.actor, input) })),

  googleSignIn: publicProcedure.meta({ scope: 'public' })
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
      const result = await usersService.signInWithExternalIdentity(ctx.services, identity, input.roleId, creatorActivation(ctx.services));
      if (result.kind === 'pending-activation') return { message: result.message, pendingActivation: true as const };
      return result.session;
    }),

  forgotPassword: publicProcedure.meta({ scope: 'public' })
    .input(forgotPasswordInput.extend({ resetPath: z.enum(['/pages/auth/reset-password', '/pages/auth/reset-password-2']).optional() }))
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => {
      const base = ctx.services.config.publicUrl ?? `http://localhost:${ctx.services.config.port}`;
      return usersService.requestPasswordReset(ctx.services, input.email, `${base}${input.resetPath ?? '/pages/auth/reset-password'}`, ctx.clientIp);
    }),

  resetPassword: publicProcedure.meta({ scope: 'public' })
    .input(resetPasswordInput)
    .output(z.object({ message: z.string() }))
    .mutation(({ ctx, input }) => usersService.resetPassword(ctx.services, input.token, input.password)),

  setActive: adminProcedure
    .input(setActiveInput)
    .output(z.object({ user: sessionUser }))
    .mutation(({ ctx, input }) => ({ user: usersService.setUserActive(ctx.services.db, ctx.actor, input.id, input.isActive) })),

  setRole: adminProcedure
    .input(setRoleInput)
    .output(z.object({ user: sessionUser }))
    .mutation(({ ctx, input }) => ({ user: usersService.setUserRole(ctx.services.db, ctx.actor, input.id, input.role) })),
});
