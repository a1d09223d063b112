import { z } from 'zod';
import { router } from '@server/trpc/init';
import { demoProcedure } from '../demo.procedure';
import {
  deleteMailsInput,
  getMailInput,
  listMailsInput,
  mailFilter,
  mailFolder,
  mailLabel,
  mailSchema,
  setFolderInput,
  toggleLabelInput,
} from './mail.schemas';
import * as mailService from './mail.service';

export const mailRouter = router({
  mails: demoProcedure.meta({ errors: ['NOT_FOUND'] })
    .input(listMailsInput)
    .output(z.array(mailSchema))
    .query(({ ctx, input }) => mailService.listMails(ctx.services.db, input)),
  mail: demoProcedure
    .input(getMailInput)
    .output(mailSchema)
    .query(({ ctx, input }) => mailService.getMail(ctx.services.db, input.mailId)),
  folders: demoProcedure.output(z.array(mailFolder)).query(({ ctx }) => mailService.listFolders(ctx.services.db)),
  filters: demoProcedure.output(z.array(mailFilter)).query(({ ctx }) => mailService.listFilters(ctx.services.db)),
  labels: demoProcedure.output(z.array(mailLabel)).query(({ ctx }) => mailService.listLabels(ctx.services.db)),
  updateMail: demoProcedure
    .input(mailSchema)
    .output(mailSchema)
    .mutation(({ ctx, input }) => mailService.updateMail(ctx.services.db, input)),
  setFolder: demoProcedure
    .input(setFolderInput)
    .output(z.array(mailSchema))
    .mutation(({ ctx, input }) => mailService.setFolder(ctx.services.db, input)),
  toggleLabel: demoProcedure
    .input(toggleLabelInput)
    .output(z.array(mailSchema))
    .mutation(({ ctx, input }) => mailService.toggleLabel(ctx.services.db, input)),
  deleteMails: demoProcedure
    .input(deleteMailsInput)
    .output(z.array(z.string()))
    .mutation(({ ctx, input }) => mailService.deleteMails(ctx.services.db, input)),
});
