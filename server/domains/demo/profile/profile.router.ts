import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import { profileAbout, profileMediaGroup, profileTimeline } from './profile.schemas';
import * as profile from './profile.service';

export const profileRouter = router({
  timeline: demoProcedure.meta({ errors: ['NOT_FOUND'] }).output(profileTimeline).query(({ ctx }) => profile.getTimeline(ctx.services.db)),
  photosVideos: demoProcedure.meta({ errors: ['NOT_FOUND'] }).output(z.array(profileMediaGroup)).query(({ ctx }) => profile.listPhotosVideos(ctx.services.db)),
  about: demoProcedure.meta({ errors: ['NOT_FOUND'] }).output(profileAbout).query(({ ctx }) => profile.getAbout(ctx.services.db)),
});
