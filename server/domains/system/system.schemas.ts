import { z } from 'zod';

export const publicConfigOutput = z.object({
  /** Google Identity Services client id, or null when Google sign-in is not configured. */
  googleClientId: z.string().nullable(),
  appleEnabled: z.boolean(),
  botCheck: z.object({ provider: z.enum(['pow', 'recaptcha', 'off']), siteKey: z.string().optional() }),
});
export type PublicConfig = z.infer<typeof publicConfigOutput>;
