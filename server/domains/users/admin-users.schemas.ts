import { z } from 'zod';

/** Roles an admin can give (a viewer account stays a viewer: viewers sign in apart from the dashboard). */
export const editableRoles = ['admin', 'dj', 'staff', 'user'] as const;
export const listedRoles = [...editableRoles, 'viewer'] as const;
/** `waiting`: creators who registered and wait for an admin to activate them. */
export const adminUserStatuses = ['active', 'inactive', 'waiting'] as const;

export const adminUsersMessages = {
  userNotFound: 'User not found',
  viewerRole: 'Viewer accounts keep the viewer role',
  creatorNeedsTag: 'A creator needs a creator tag: ask them to register as a creator instead',
  min1: 'Min character length is 1',
  tooLong: 'This value is too long',
} as const;

const id = z.string().trim().min(1).max(64);
const name = z.string().trim().min(1, adminUsersMessages.min1).max(80, adminUsersMessages.tooLong);

export const adminUsersListInput = z.strictObject({
  /** Matches name, email or creator tag (case-insensitive, anywhere in the text). */
  search: z.string().trim().max(100, adminUsersMessages.tooLong).optional(),
  role: z.enum(listedRoles).optional(),
  status: z.enum(adminUserStatuses).optional(),
  page: z.number().int().min(1).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});
export type AdminUsersListInput = z.infer<typeof adminUsersListInput>;

export const adminUserRow = z.object({
  id: z.string(),
  email: z.string(),
  displayName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(listedRoles),
  isActive: z.boolean(),
  /** Registered through checkout and not paid yet (signs in, but only checkout works until paid or activated). */
  pendingPayment: z.boolean(),
  subdomain: z.string().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminUserRow = z.infer<typeof adminUserRow>;

export const adminUsersListAnswer = z.object({ items: z.array(adminUserRow), total: z.number().int() });

export const adminUserIdInput = z.strictObject({ id });

export const adminUserUpdateInput = z.strictObject({
  id,
  firstName: name.optional(),
  lastName: name.optional(),
  displayName: name.optional(),
  role: z.enum(editableRoles).optional(),
  isActive: z.boolean().optional(),
});
export type AdminUserUpdateInput = z.infer<typeof adminUserUpdateInput>;

/** `/apps/users/{userId}/{handle}`: the handle is the creator tag, else the name, in URL form. */
export function userHandle(user: { subdomain: string | null; displayName: string }): string {
  const source = user.subdomain ?? user.displayName;
  return (
    source
      .normalize('NFD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9_]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'user'
  );
}
