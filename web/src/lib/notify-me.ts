import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useViewer } from './viewer-session';

/**
 * "Notify me" on pages of the main app (the event page). The logic lives in the creator app's own module
 * (`/m/{tag}/notify-me.js`, server/domains/mobile-app/public), which the app page uses too: one implementation,
 * loaded only on pages that show the button. A signed-in viewer's subscription is sent with their token (members-only pushes).
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
  createNotifyMe(options: { appPath: string; creatorId: string; viewerToken?: () => string | null }): NotifyMe;
  notifyLabels: Record<NotifyState, string>;
}

export function creatorAppPath(creatorTag: string): string {
  return `/m/${encodeURIComponent(creatorTag)}/`;
}

function loadNotifyMe(appPath: string): Promise<NotifyMeModule> {
  return import(/* @vite-ignore */ `${appPath}notify-me.js`) as Promise<NotifyMeModule>;
}


/** The button's state for one creator; `label` is what the button says. Nothing is asked of the browser before `toggle`. */
export function useNotifyMe(creatorTag: string | null | undefined, creatorId: string | null | undefined) {
  const [notify, setNotify] = useState<{ instance: NotifyMe; labels: NotifyMeModule['notifyLabels'] } | null>(null);
  useEffect(() => {
    if (!creatorTag || !creatorId || !('serviceWorker' in navigator)) return;
    let current = true;
    loadNotifyMe(creatorAppPath(creatorTag))
      .then((module) => current && setNotify({ instance: module.createNotifyMe({ appPath: creatorAppPath(creatorTag), creatorId, viewerToken: () => useViewer.getState().token }), labels: module.notifyLabels }))
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
  return {
    state,
    message,
    label: notify?.labels[state] ?? 'Notify me',
    /** Shown once the creator app's service worker is registered. */
    visible: !!instance && state !== 'registering' && state !== 'unsupported',
    toggle: () => instance?.toggle() ?? Promise.resolve(),
  };
}
