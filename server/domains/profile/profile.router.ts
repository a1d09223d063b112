import { z } from 'zod';
import { sessionUser } from '@server/domains/users/users.schemas';
import { creatorProcedure, router } from '@server/trpc/init';
import { planStatus, profile, profileUpdateInput } from './profile.schemas';
import * as profileService from './profile.service';

const profileAnswer = z.object({ profile, user: sessionUser });

/** The signed-in creator's (or admin's) own profile: /profile/{userId}/{tab?}. */
export const profileRouter = router({
  get: creatorProcedure.meta({ scope: 'session' }).output(profile).query(({ ctx }) => profileService.getProfile(ctx.services, ctx.actor)),

  update: creatorProcedure.meta({ scope: 'session' })
    .input(profileUpdateInput)
    .output(profileAnswer)
    .mutation(({ ctx, input }) => profileService.updateProfile(ctx.services, ctx.actor, input)),

  /** The avatar is uploaded with POST /api/profile/avatar; this removes it. */
  removeAvatar: creatorProcedure.meta({ scope: 'session' }).output(profileAnswer).mutation(({ ctx }) => profileService.setAvatar(ctx.services, ctx.actor, null)),

  planStatus: creatorProcedure.meta({ scope: 'session' }).output(planStatus).query(({ ctx }) => profileService.planStatusOf(ctx.services, ctx.actor)),
});
