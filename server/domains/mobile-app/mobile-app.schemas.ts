import { z } from 'zod';
import { mobileAppStartPages } from '@common/mobile-app-values';

export const mobileAppMessages = {
  notFound: 'App not found',
  noCreatorTag: 'Your account needs a creator tag before it can have an app',
  name: 'App name must be 1 to 45 characters',
  shortName: 'Short name must be 1 to 12 characters',
  color: 'Colours are written as #rrggbb',
  icon: 'Please upload a square PNG or JPEG image of at least 512×512 pixels',
  missingIcon: 'Choose an icon image to upload',
  iconNotMultipart: 'Send the icon as multipart/form-data',
} as const;

export const nameMaxLength = 45;
export const shortNameMaxLength = 12;

const hexColor = z
  .string()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, mobileAppMessages.color)
  .transform((value) => value.toLowerCase());

export const appIdInput = z.strictObject({ appId: z.string().trim().min(1).max(64) });

export const updateAppInput = z.strictObject({
  appId: z.string().trim().min(1).max(64),
  name: z.string().trim().min(1, mobileAppMessages.name).max(nameMaxLength, mobileAppMessages.name),
  shortName: z.string().trim().min(1, mobileAppMessages.shortName).max(shortNameMaxLength, mobileAppMessages.shortName),
  themeColor: hexColor,
  backgroundColor: hexColor,
  startPage: z.enum(mobileAppStartPages),
});
export type UpdateAppInput = z.infer<typeof updateAppInput>;

export const setIconInput = z.strictObject({
  appId: z.string().trim().min(1).max(64),
  /** An image the REST upload stored under /uploads; it is checked, turned into the icon set and removed. */
  uploadUrl: z.string().regex(/^\/uploads\/[A-Za-z0-9_-]+\.(png|jpg|jpeg|webp|gif)$/),
});

/** One app as its settings page shows it (paths relative to this site). */
export const mobileAppOutput = z.object({
  id: z.string(),
  name: z.string(),
  shortName: z.string(),
  themeColor: z.string(),
  backgroundColor: z.string(),
  startPage: z.enum(mobileAppStartPages),
  hasCustomIcon: z.boolean(),
  icons: z.object({ icon192: z.string(), icon512: z.string(), maskable512: z.string() }),
  /** `/m/{creatorTag}/`: the app's address (install link, QR code). */
  path: z.string(),
  manifestPath: z.string(),
  updatedAt: z.string(),
});
export type MobileAppOutput = z.infer<typeof mobileAppOutput>;
