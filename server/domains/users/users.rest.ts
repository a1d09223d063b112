import { DomainError } from '@server/platform/errors';
import { authMessages } from './users.schemas';
import { usersRouteMessages } from './users.messages';
import type { FastifyRequest } from 'fastify';
import type { RestModule } from '@server/rest/kit';
import { uploadRoute, uploadRoutes } from '@server/rest/upload-route';
import { authedProcedure } from '@server/trpc/init';

/** The documented /api/user/... paths; each one calls the users procedures. */
export const usersRest: RestModule = (app, kit) => {
  const { caller } = kit;
  const body = (request: FastifyRequest) => request.body as never;

  app.post('/api/user/register', async (request, reply) => {
    const answer = await (await caller(request)).users.register(body(request));
    return reply.code(201).send(answer);
  });
  app.post('/api/user/register-with-sign-in', async (request, reply) => {
    const answer = await (await caller(request)).users.registerWithSignIn(body(request));
    return reply.code(201).send(answer);
  });
  app.post('/api/user/login', async (request) => (await caller(request)).users.login(body(request)));
  app.post('/api/user/viewer-login', async (request) => (await caller(request)).users.viewerLogin(body(request)));
  app.get('/api/user/alive', async (request) => (await caller(request)).users.alive());
  app.get<{ Params: { id: string } }>('/api/user/emulate/:id', async (request) =>
    (await caller(request)).users.emulate({ id: request.params.id }),
  );
  app.post('/api/auth/user/update', async (request) => (await caller(request)).users.updateSelf(body(request)));
  app.post('/api/user/change-password', async (request) => (await caller(request)).users.changePassword(body(request)));
  app.post('/api/user/locale', async (request) => (await caller(request)).users.setLocale(body(request)));
  app.post('/api/user/check-user-exists', async (request) => (await caller(request)).users.checkUserExists(body(request)));
  app.get('/api/user/bot-check/config', async (request) => (await caller(request)).users.botCheckConfig());
  app.get('/api/user/bot-check/challenge', async (request) => (await caller(request)).users.botCheckChallenge());
  app.post('/api/user/verify-recaptcha', async (request) => {
    const verdict = await (await caller(request)).users.verifyBotCheck(body(request));
    // The documented answer: success, score and error-codes (the action stays server-side).
    return { success: verdict.success, score: verdict.score, 'error-codes': verdict['error-codes'] };
  });
  app.post('/api/user/google', async (request, reply) => {
    const answer = await (await caller(request)).users.googleSignIn(body(request));
    if ('pendingActivation' in answer) return reply.code(403).send({ message: answer.message });
    return answer;
  });
  app.post('/api/user/forgot-password', async (request) => (await caller(request)).users.forgotPassword(body(request)));
  app.post('/api/user/reset-password', async (request) => (await caller(request)).users.resetPassword(body(request)));

  uploadRoutes(app, (uploads) => {
    /** Viewer profile update (multipart). An image file is stored first; the procedure gets its URL. */
    uploads.post(
      '/api/user/:id',
      uploadRoute<{ Params: { id: string } }>(
        kit,
        { base: authedProcedure, scope: 'session', kinds: { imageFile: 'profile-photo' }, notMultipart: usersRouteMessages.profileNotMultipart },
        async ({ actor, caller, read, request }) => {
          if (actor.id !== request.params.id) throw new DomainError({ code: 'FORBIDDEN', message: authMessages.ownProfileOnly });
          const { fields, files } = await read();
          return caller.users.updateViewerProfile({
            id: request.params.id,
            email: fields.email,
            firstName: fields.firstName ?? '',
            lastName: fields.lastName ?? '',
            imageUrl: files.imageFile?.url ?? (fields.imageUrl === '' ? null : fields.imageUrl),
            isActive: fields.isActive,
            subdomain: fields.subdomain,
          });
        },
      ),
    );
  });
};
