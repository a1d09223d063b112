import { roundToCents } from '@common/money';
import type { RestModule } from '@server/rest/kit';
import { uploadRoute, uploadRoutes } from '@server/rest/upload-route';
import { creatorProcedure } from '@server/trpc/init';
import { ownOption } from './tip-options.service';

export const tipOptionMultipartMessage = 'Send the tip option as multipart/form-data';

/** A dollar text field (`tipsAmount`) as cents; anything unreadable is passed on for the procedure to refuse. */
function centsOf(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  return roundToCents(Number(value));
}

/** The tRPC twins' base and scope (`tipOptions.create`/`update`); the icon is an image checked by its bytes. */
const iconUpload = { base: creatorProcedure, scope: 'session', kinds: { iconFile: 'image' }, notMultipart: tipOptionMultipartMessage } as const;

/**
 * A creator's tip options. Create and update are multipart (title, tipsAmount in dollars, an optional
 * `iconFile` image checked by its magic bytes, `removeIcon=true`); the rest call the procedures directly.
 */
export const tipOptionsRest: RestModule = (app, kit) => {
  const { caller, services } = kit;

  app.get('/api/tips/options', async (request) => (await caller(request)).tipOptions.mine());
  app.post('/api/tips/options/reorder', async (request) => (await caller(request)).tipOptions.reorder(request.body as never));

  uploadRoutes(app, (uploads) => {
    uploads.post(
      '/api/tips/options',
      uploadRoute(kit, iconUpload, async ({ caller, read, reply }) => {
        const { fields, files } = await read();
        const option = await caller.tipOptions.create({
          title: fields.title as string,
          amountCents: centsOf(fields.tipsAmount) as number,
          ...(files.iconFile ? { iconUrl: files.iconFile.url } : {}),
        });
        return reply.code(201).send(option);
      }),
    );

    uploads.post(
      '/api/tips/options/:id',
      uploadRoute<{ Params: { id: string } }>(kit, iconUpload, async ({ actor, caller, read, request }) => {
        await ownOption(services.db, actor.id, request.params.id);
        const { fields, files } = await read();
        const amountCents = centsOf(fields.tipsAmount);
        return caller.tipOptions.update({
          id: request.params.id,
          ...(fields.title !== undefined ? { title: fields.title } : {}),
          ...(amountCents !== undefined ? { amountCents } : {}),
          ...(files.iconFile ? { iconUrl: files.iconFile.url } : fields.removeIcon === 'true' ? { iconUrl: null } : {}),
        });
      }),
    );
  });

  app.post<{ Params: { id: string } }>('/api/tips/options/:id/delete', async (request) => (await caller(request)).tipOptions.remove({ id: request.params.id }));
};
