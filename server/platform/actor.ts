import type { users } from '@db/schema/users';
import type { UserRole } from '@common/roles';
import type { ApiTokenScope } from '@common/api-token-scopes';
import type { TokenType } from './tokens';

export type UserRow = typeof users.$inferSelect;

/** Who a request or socket acts as, once its bearer token was checked (server/trpc/context.ts resolves it). */
export interface Actor {
  id: string;
  role: UserRole;
  typ: TokenType;
  /** The admin behind an emulation token (checked on every request: still an active admin, same token version). */
  emulatedBy?: { id: string; tokenVersion: number };
  issuedAt: number;
  /** The bearer token this request came with. */
  token: string;
  user: UserRow;
  /** Set when the bearer is a personal API token (`cp_...`): it acts as its owner within these scopes only. */
  apiToken?: { id: string; scopes: readonly ApiTokenScope[] };
}
