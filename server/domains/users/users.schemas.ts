import { z } from 'zod';
import { userRoles } from '@common/roles';
import { supportedLocales } from '@common/locales';
import { localeSchema } from '@common/locale-schema';

/** Texts from the spec (platform.md §5); the web forms show exactly these. */
export const validationMessages = {
  min1: 'Min character length is 1',
  min4: 'Min character length is 4',
  min5: 'Min character length is 5',
  min8: 'Min character length is 8',
  email: 'Please enter a valid email',
  creatorTag: 'Please use only letters, numbers and underscores',
  passwordsMismatch: 'Passwords do not match',
  tooLong: 'This value is too long',
} as const;

export const authMessages = {
  invalidLogin: 'Invalid email/password',
  notValidated: 'Your account has not been validated. We will send you an email once your account is ready.',
  accountDeactivated: 'This account has been deactivated. Contact the site admin.',
  invalidViewerLogin: 'Invalid username or password',
  accountReady: 'Your account is ready! Please log in to start.',
  emailWhenReady: 'We will send you an email once your account is ready.',
  waitForActivation: 'Please wait for an admin to activate your account',
  emailTaken: 'This email is already registered',
  creatorTagTaken: 'This creator tag is already taken',
  botCheckLowScore: 'The bot check failed: your score was too low. Please try again.',
  botCheckMissing: 'Please complete the bot check before creating your account.',
  userNotFound: 'User not found',
  cannotEmulateAdmin: 'An admin cannot be emulated',
  wrongCurrentPassword: 'Current password is incorrect',
  invalidResetLink: 'This reset link is invalid or has expired',
  resetLinkSent: 'If an account exists for this email, a reset link is on its way.',
  passwordChanged: 'Your password has been changed',
  viewerRoleFixed: 'A viewer account cannot become a dashboard account, or the other way round',
  ownProfileOnly: 'You can only update your own profile',
} as const;

const email = z.string().trim().toLowerCase().max(254, validationMessages.tooLong).email(validationMessages.email);
const name = z.string().trim().min(1, validationMessages.min1).max(80, validationMessages.tooLong);
const password = z.string().min(8, validationMessages.min8).max(200, validationMessages.tooLong);
export const creatorTag = z
  .string()
  .trim()
  .min(5, validationMessages.min5)
  .max(40, validationMessages.tooLong)
  .regex(/^[A-Za-z0-9_]+$/, validationMessages.creatorTag);

export const loginInput = z.strictObject({
  userName: z.string().trim().min(4, validationMessages.min4).max(254, validationMessages.tooLong),
  password: z.string().min(4, validationMessages.min4).max(200, validationMessages.tooLong),
});
export type LoginInput = z.infer<typeof loginInput>;

const registrationFields = {
  referrerId: z.string().trim().max(64).nullish(),
  email,
  firstName: name,
  lastName: name,
  password,
  /** Token from the bot check (proof-of-work payload or reCAPTCHA token). */
  botCheckToken: z.string().max(10_000).optional(),
};

export const registerInput = z.discriminatedUnion('roleId', [
  z.strictObject({ ...registrationFields, roleId: z.literal('viewer'), subDomain: z.null().optional() }),
  z.strictObject({ ...registrationFields, roleId: z.literal('dj').optional(), subDomain: creatorTag }),
]);
export type RegisterInput = z.infer<typeof registerInput>;

/** The creator registration form on /register (web): the server input plus the confirmation field. */
export const registerFormSchema = z
  .strictObject({
    email,
    firstName: name,
    lastName: name,
    subDomain: creatorTag,
    password,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: validationMessages.passwordsMismatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof registerFormSchema>;

export const emulateInput = z.strictObject({ id: z.string().min(1).max(64) });

export const updateSelfInput = z.strictObject({
  user: z.strictObject({
    displayName: z.string().trim().min(1, validationMessages.min1).max(80, validationMessages.tooLong).optional(),
    firstName: name.optional(),
    lastName: name.optional(),
    description: z.string().trim().max(2000, validationMessages.tooLong).optional(),
    imageUrl: z.string().trim().max(2048, validationMessages.tooLong).nullable().optional(),
    shortcuts: z.array(z.string().trim().min(1).max(64)).max(50).optional(),
  }),
});
export type UpdateSelfInput = z.infer<typeof updateSelfInput>;

export const changePasswordInput = z
  .strictObject({
    currentPassword: z.string().min(1, validationMessages.min1).max(200),
    newPassword: password,
    confirmPassword: z.string(),
  })
  .refine((form) => form.newPassword === form.confirmPassword, {
    message: validationMessages.passwordsMismatch,
    path: ['confirmPassword'],
  });

export const checkUserExistsInput = z.strictObject({ email });

export const verifyBotCheckInput = z.strictObject({ token: z.string().min(1).max(10_000) });

export const viewerProfileInput = z.strictObject({
  id: z.string().min(1).max(64),
  email: z.string().trim().optional(),
  firstName: name,
  lastName: name,
  imageUrl: z.string().trim().max(2048).nullish(),
  isActive: z.string().optional(),
  subdomain: z.string().nullish(),
});
export type ViewerProfileInput = z.infer<typeof viewerProfileInput>;

export const googleSignInInput = z.strictObject({
  tokenId: z.string().min(10).max(10_000),
  roleId: z.literal('viewer').optional(),
});

export const forgotPasswordInput = z.strictObject({ email });
export const resetPasswordInput = z
  .strictObject({ token: z.string().min(10).max(200), password, confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: validationMessages.passwordsMismatch,
    path: ['confirmPassword'],
  });

export const setLocaleInput = z.strictObject({ locale: localeSchema });
export const setLocaleOutput = z.object({ locale: z.enum(supportedLocales) });

export const setActiveInput = z.strictObject({ id: z.string().min(1).max(64), isActive: z.boolean() });
export const setRoleInput = z.strictObject({ id: z.string().min(1).max(64), role: z.enum(userRoles) });

/** The signed-in user as the web app receives it (platform.md §3). */
export const sessionUser = z.object({
  id: z.string(),
  role: z.array(z.enum(userRoles)),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  imageUrl: z.string().nullable(),
  description: z.string(),
  subdomain: z.string().nullable(),
  isActive: z.boolean(),
  hasUnpaidInvoices: z.enum(['true', 'false']),
  pdfUrl: z.string().nullable(),
  shortcuts: z.array(z.string()),
  /** A creator registered through checkout who has not paid yet: the web app keeps them on the payment step. */
  pendingPayment: z.boolean(),
  /** The language the account chose (users.setLocale), on every device; null: the browser's. */
  locale: z.enum(supportedLocales).nullable(),
});
export type SessionUser = z.infer<typeof sessionUser>;

export const sessionAnswer = z.object({ token: z.string(), user: sessionUser });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export { botCheckVerdict, type BotCheckVerdict } from '@common/bot-check';

/** What the registration page needs to show the bot check: which one, and reCAPTCHA's site key. */
export const botCheckConfigOutput = z.object({
  provider: z.enum(['pow', 'recaptcha', 'off']),
  siteKey: z.string().optional(),
});

/** A proof-of-work challenge (ALTCHA): the widget solves it; the signature lets the server check it statelessly. */
export const botCheckChallengeOutput = z.object({
  algorithm: z.string(),
  challenge: z.string(),
  maxnumber: z.number().int().optional(),
  salt: z.string(),
  signature: z.string(),
});
