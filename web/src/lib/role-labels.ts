const roleLabels: Record<string, string> = { admin: 'Admin', dj: 'Creator', staff: 'Staff', user: 'User', viewer: 'Viewer' };

/** How a role id reads on screen ("dj" is a creator). */
export function roleLabel(role: string): string {
  return roleLabels[role] ?? role;
}
