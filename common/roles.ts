/**
 * The one definition of account roles. No database import: the web app and the Drizzle schema both
 * read it from here, so no table definition reaches the browser bundle.
 */
export const userRoles = ['admin', 'dj', 'staff', 'user', 'viewer'] as const;
export type UserRole = (typeof userRoles)[number];

/** Roles that sign in to the dashboard (everyone but viewers, who hold their own token). */
export const dashboardRoles = ['admin', 'dj', 'staff', 'user'] as const satisfies readonly UserRole[];

export function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (userRoles as readonly string[]).includes(value);
}
