import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import type { trpc } from '@web/lib/trpc';

/** Roles known to the web app. */
export type Role = 'admin' | 'dj' | 'viewer';

/**
 * One routed page contributed by a feature.
 * - `roles`: `undefined` = public (anyone), `[]` or `null` = guests only, otherwise the roles allowed.
 * - `layout`: `'empty'` for auth/public pages without navigation, `'default'` (the default) for the app shell.
 * - `title`: the document title's page part ("Calendar" → "Calendar · Cuepoint").
 */
export interface PageRoute {
  path: string;
  component: ComponentType;
  roles?: string[] | null;
  layout?: 'empty' | 'default';
  /**
   * The page's name in the browser tab, shown as "<title> · Cuepoint" (just "Cuepoint" when absent): a message
   * (`msg` from '@lingui/core/macro', shown in the reader's language) or a text shown as it is.
   */
  title?: string | MessageDescriptor;
  /**
   * Asks for the data the page shows first while its code is still loading (the page's own queries, with the same
   * input, then find it in the cache instead of asking once the code has arrived).
   */
  prefetch?: (utils: ReturnType<typeof trpc.useUtils>, params: Record<string, string | undefined>) => void;
}
