import { eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { users } from '@db/schema/users';
import type { UploadVisibilityRule } from '@server/platform/public-uploads';

/** An account's avatar is public: other sites (players, embeds) show it next to the creator's name. */
export const userUploads: UploadVisibilityRule = async (db, url) =>
  (await firstRow(db.select({ id: users.id }).from(users).where(eq(users.imageUrl, url)).limit(1))) !== undefined ? { shown: 'always' } : null;
