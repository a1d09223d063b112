import type { ComponentType } from 'react';

/** Roles known to the web app. */
export type Role = 'admin' | 'dj' | 'viewer';

/**
 * One routed page contributed by a feature.
 * - `roles`: `undefined` = public (anyone), `[]` or `null` = guests only, otherwise the roles allowed.
 * - `layout`: `'empty'` for auth/public pages without navigation, `'default'` (the default) for the app shell.
 */
export interface PageRoute {
  path: string;
  component: ComponentType;
  roles?: string[] | null;
  layout?: 'empty' | 'default';
}
