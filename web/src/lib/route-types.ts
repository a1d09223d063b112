import type { MessageDescriptor } from '@lingui/core';
import type { ComponentType } from 'react';
import type { trpc } from '@web/lib/trpc';

/** Roles known to the web app. */
export type Role = 'admin' | 'dj' | 'viewer';

/**
 * One routed page contributed by a feature.
 * - `roles`: `undefined` = public (anyone), `[]` or `null` = guests only, otherwise the roles allowed.
 * - `layout`: `'default'` (the default) for the app shell; `'empty'` for public pages without navigation (a footer
 *   with the language menu under the page); `'bare'` for pages with nothing around them (players and chats embedded
 *   elsewhere, and the sign-in pages, whose card carries the language menu).
 * - `title`: the document title's page part ("Calendar" → "Calendar · Cuepoint").
 */
export interface PageRoute {
  path: string;
  component: ComponentType;
  roles?: string[] | null;
  layout?: 'empty' | 'bare' | 'default';
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
