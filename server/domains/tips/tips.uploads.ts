import { eq } from 'drizzle-orm';
import { firstRow } from '@db/store';
import { tipOptions } from '@db/schema/tips';
import type { UploadVisibilityRule } from '@server/platform/public-uploads';

/** A tip option's icon is public: the tip buttons show it wherever the creator's page is embedded. */
export const tipUploads: UploadVisibilityRule = async (db, url) =>
  (await firstRow(db.select({ id: tipOptions.id }).from(tipOptions).where(eq(tipOptions.iconUrl, url)).limit(1))) !== undefined
    ? { shown: 'always' }
    : null;
