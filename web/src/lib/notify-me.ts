import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { useViewer } from './viewer-session';
import { i18n as activeI18n } from './i18n/i18n';

/**
 * "Notify me" on pages of the main app (the event page). The logic lives in the creator app's own module
 * (`/m/{tag}/notify-me.js`, server/domains/mobile-app/public), which the app page uses too: one implementation,
 * loaded only on pages that show the button. A signed-in viewer's subscription is sent with their token (members-only pushes)
 * and every subscription with the page's language (`locale`).
 */

export type NotifyState = 'unsupported' | 'registering' | 'off' | 'on' | 'busy' | 'blocked' | 'error';

export interface NotifyMe {
  readonly state: NotifyState;
  readonly message: string;
  onChange(listener: () => void): () => void;
  toggle(): Promise<void>;
  /** Sends an existing subscription again with the signed-in viewer's token (once per viewer). */
  linkViewer(): Promise<void>;
}

interface NotifyMeModule {
  createNotifyMe(options: { appPath: string; creatorId: string; viewerToken?: () => string | null; locale?: () => string | null }): NotifyMe;
  notifyLabels: Record<NotifyState, string>;
}

export function creatorAppPath(creatorTag: string): string {
  return `/m/${encodeURIComponent(creatorTag)}/`;
}

function loadNotifyMe(appPath: string): Promise<NotifyMeModule> {
  return import(/* @vite-ignore */ `${appPath}notify-me.js`) as Promise<NotifyMeModule>;
}

/** What the button says in each state, in the page's language (the module's own labels are the creator app's English). */
const notifyLabels: Record<NotifyState, MessageDescriptor> = {
  unsupported: msg`Notifications unavailable`,
  registering: msg`Notify me`,
  off: msg`Notify me`,
  on: msg`Notifications on`,
  busy: msg`Please wait…`,
  blocked: msg`Notifications blocked`,
  error: msg`Notify me`,
};

/** The module's own messages, by their English text; a server's refusal it passes on is shown as it is. */
const notifyMessages: Record<string, MessageDescriptor> = {
  'This browser cannot receive notifications.': msg`This browser cannot receive notifications.`,
  'Notifications are blocked for this site in your browser settings.': msg`Notifications are blocked for this site in your browser settings.`,
  'Notifications could not be turned on.': msg`Notifications could not be turned on.`,
  'Your browser could not set up notifications. Please try again later.': msg`Your browser could not set up notifications. Please try again later.`,
  'Unexpected error. Please try again.': msg`Unexpected error. Please try again.`,
};

/** The page's language as a subscription carries it (go-live notifications come in it); none for the pseudo-locale. */
export function subscriberLocale(): string | null {
  return activeI18n.locale && activeI18n.locale !== 'pseudo' ? activeI18n.locale : null;
}

/** The button's state for one creator; `label` is what the button says. Nothing is asked of the browser before `toggle`. */
export function useNotifyMe(creatorTag: string | null | undefined, creatorId: string | null | undefined) {
  const { i18n } = useLingui();
  const [notify, setNotify] = useState<{ instance: NotifyMe } | null>(null);
  useEffect(() => {
    if (!creatorTag || !creatorId || !('serviceWorker' in navigator)) return;
    let current = true;
    loadNotifyMe(creatorAppPath(creatorTag))
      .then(
        (module) =>
          current &&
          setNotify({ instance: module.createNotifyMe({ appPath: creatorAppPath(creatorTag), creatorId, viewerToken: () => useViewer.getState().token, locale: subscriberLocale }) }),
      )
      .catch(() => current && setNotify(null));
    return () => {
      current = false;
    };
  }, [creatorTag, creatorId]);

  const instance = notify?.instance;
  const viewerToken = useViewer((viewer) => viewer.token);
  // A viewer who signs in on this page makes the browser's existing subscription theirs.
  useEffect(() => {
    if (instance && viewerToken) void instance.linkViewer();
  }, [instance, viewerToken]);
  const subscribe = useCallback((listener: () => void) => (instance ? instance.onChange(listener) : () => undefined), [instance]);
  const state = useSyncExternalStore(subscribe, (): NotifyState => instance?.state ?? 'registering');
  const message = useSyncExternalStore(subscribe, () => instance?.message ?? '');
  const knownMessage = notifyMessages[message];
  return {
    state,
    message: knownMessage ? i18n._(knownMessage) : message,
    label: i18n._(notifyLabels[state]),
    /** Shown once the creator app's service worker is registered. */
    visible: !!instance && state !== 'registering' && state !== 'unsupported',
    toggle: () => instance?.toggle() ?? Promise.resolve(),
  };
}
