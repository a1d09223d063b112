import { rm } from 'node:fs/promises';
import type { FastifyRequest } from 'fastify';
import { TRPCError } from '@trpc/server';
import { uploadRoutes, type RestModule, type RestKit } from '@server/rest/kit';
import { readMultipart } from '@server/lib/uploads';
import { forbiddenMessage, pendingPaymentMessage } from '@server/trpc/init';
import { ownOption } from './tip-options.service';
import type { Context } from '@server/trpc/context';

export const tipOptionMultipartMessage = 'Send the tip option as multipart/form-data';

/** A dollar text field (`tipsAmount`) as cents; anything unreadable is passed on for the procedure to refuse. */
function centsOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const amount = Number(value);
  return Number.isFinite(amount) ? Math.round(amount * 100) : Number.NaN;
}

/** Checks the caller before anything of the upload is read. */
async function creatorContext(kit: RestKit, request: FastifyRequest, optionId?: string): Promise<Context> {
  const requestContext = await kit.context(request);
  const { actor } = requestContext;
  if (!actor) throw new TRPCError({ code: 'UNAUTHORIZED', message: requestContext.authError ?? 'Invalid access_token' });
  if (actor.role !== 'admin' && actor.role !== 'dj') throw new TRPCError({ code: 'FORBIDDEN', message: forbiddenMessage });
  if (actor.user.pendingPayment) throw new TRPCError({ code: 'FORBIDDEN', message: pendingPaymentMessage });
  if (optionId) ownOption(kit.services.db, actor.id, optionId);
  if (!request.isMultipart()) throw new TRPCError({ code: 'UNSUPPORTED_MEDIA_TYPE', message: tipOptionMultipartMessage });
  return requestContext;
}

/**
 * A creator's tip options. Create and update are multipart (title, tipsAmount in dollars, an optional
 * `iconFile` image checked by its magic bytes, `removeIcon=true`); the rest call the procedures directly.
 */
export const tipOptionsRest: RestModule = (app, kit) => {
  const { caller, callerFor, services } = kit;

  app.get('/api/tips/options', async (request) => (await caller(request)).tipOptions.mine());
  app.post('/api/tips/options/reorder', async (request) => (await caller(request)).tipOptions.reorder(request.body as never));

  uploadRoutes(app, (uploads) => {
    uploads.post('/api/tips/options', async (request, reply) => {
      const requestContext = await creatorContext(kit, request);
      const { fields, files } = await readMultipart(request, services.config.dataDir, { iconFile: 'image' });
      const icon = files.iconFile;
      try {
        const option = await callerFor(requestContext).tipOptions.create({
          title: fields.title as string,
          amountCents: centsOf(fields.tipsAmount) as number,
          ...(icon ? { iconUrl: icon.url } : {}),
        });
        return reply.code(201).send(option);
      } catch (error) {
        if (icon) await rm(icon.path, { force: true });
        throw error;
      }
    });

    uploads.post<{ Params: { id: string } }>('/api/tips/options/:id', async (request) => {
      const requestContext = await creatorContext(kit, request, request.params.id);
      const { fields, files } = await readMultipart(request, services.config.dataDir, { iconFile: 'image' });
      const icon = files.iconFile;
      try {
        const amountCents = centsOf(fields.tipsAmount);
        return await callerFor(requestContext).tipOptions.update({
          id: request.params.id,
          ...(fields.title !== undefined ? { title: fields.title } : {}),
          ...(amountCents !== undefined ? { amountCents } : {}),
          ...(icon ? { iconUrl: icon.url } : fields.removeIcon === 'true' ? { iconUrl: null } : {}),
        });
      } catch (error) {
        if (icon) await rm(icon.path, { force: true });
        throw error;
      }
    });
  });

  app.post<{ Params: { id: string } }>('/api/tips/options/:id/delete', async (request) => (await caller(request)).tipOptions.remove({ id: request.params.id }));
};
