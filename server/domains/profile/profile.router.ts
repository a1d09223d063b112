import { z } from 'zod';
import { sessionUser } from '@server/domains/users/users.schemas';
import { creatorProcedure, router } from '@server/trpc/init';
import { ownProfileProcedure } from './profile.procedure';
import { planStatus, profile, profileUpdateInput } from './profile.schemas';
import * as profileService from './profile.service';

const profileAnswer = z.object({ profile, user: sessionUser });

/**
 * The caller's own profile: /profile/{userId}/{tab?}. Every dashboard account reads and edits its names and photo;
 * the creator fields and the plan status are a creator's (or admin's).
 */
export const profileRouter = router({
  get: ownProfileProcedure.meta({ scope: 'session' }).output(profile).query(({ ctx }) => profileService.getProfile(ctx.services, ctx.actor)),

  update: ownProfileProcedure.meta({ scope: 'session' })
    .input(profileUpdateInput)
    .output(profileAnswer)
    .mutation(({ ctx, input }) => profileService.updateProfile(ctx.services, ctx.actor, input)),

  /** The avatar is uploaded with POST /api/profile/avatar; this removes it. */
  removeAvatar: ownProfileProcedure.meta({ scope: 'session' }).output(profileAnswer).mutation(({ ctx }) => profileService.setAvatar(ctx.services, ctx.actor, null)),

  planStatus: creatorProcedure.meta({ scope: 'session' }).output(planStatus).query(({ ctx }) => profileService.planStatusOf(ctx.services, ctx.actor)),
});
