/* global window, document, navigator, Notification, fetch, atob */
// "Notify me" for one creator's app, shared by the app's page (/m/{tag}/) and the event page in the main app.
// Framework-free: the app page loads it as a module, the React event page imports it at run time.
// Nothing asks for permission until the fan clicks; the same control turns notifications off again.
// A signed-in viewer's subscription carries their token, so the server records it as theirs (members-only pushes).

/** @typedef {'unsupported' | 'registering' | 'off' | 'on' | 'busy' | 'blocked' | 'error'} NotifyState */

/** The module's own words in English (server/domains/mobile-app/mobile-app.messages.ts notifyMeTexts). */
const englishTexts = {
  labels: {
    unsupported: 'Notifications unavailable',
    registering: 'Notify me',
    off: 'Notify me',
    on: 'Notifications on',
    busy: 'Please wait…',
    blocked: 'Notifications blocked',
    error: 'Notify me',
  },
  unsupported: 'This browser cannot receive notifications.',
  blocked: 'Notifications are blocked for this site in your browser settings.',
  installFailed: 'The app could not be installed in this browser',
  subscribeFailed: 'Your browser could not set up notifications. Please try again later.',
  failed: 'Notifications could not be turned on.',
  unexpected: 'Unexpected error. Please try again.',
};

/**
 * The texts in the page's language: the creator app's page writes them as JSON into its body's `data-notify-texts`; a
 * page without them (the main app, which shows its own words) gets English. A text missing from the page's copy stays
 * English.
 */
export function pageTexts() {
  try {
    const json = typeof document === 'undefined' ? undefined : document.body?.dataset.notifyTexts;
    const given = json ? JSON.parse(json) : {};
    return { ...englishTexts, ...given, labels: { ...englishTexts.labels, ...(given && given.labels) } };
  } catch {
    return englishTexts;
  }
}

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64Url) {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (character) => character.charCodeAt(0));
}

/** The web app's keys in this origin's localStorage (web/src/lib/storage-keys.ts). */
const viewerTokenKey = 'cuepoint.viewerToken';
const linkedKeyPrefix = 'cuepoint.pushLinked.';

const storage = {
  get: (key) => {
    try {
      return window.localStorage.getItem(key);
    } catch {
      return null;
    }
  },
  set: (key, value) => {
    try {
      if (value === null) window.localStorage.removeItem(key);
      else window.localStorage.setItem(key, value);
    } catch {
      // Storage refused (private mode, quota): the subscription is linked again on the next visit.
    }
  },
};

/** The claims of a session token (a JWT), or null when it is not one. */
function tokenClaims(token) {
  try {
    const payload = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    const claims = JSON.parse(atob(payload + '='.repeat((4 - (payload.length % 4)) % 4)));
    return claims && typeof claims.sub === 'string' ? claims : null;
  } catch {
    return null;
  }
}

/** The signed-in viewer of the web app (same origin), or null. */
export function storedViewerToken() {
  return storage.get(viewerTokenKey);
}

/** A viewer token that can still sign a request, with whose it is; null for none or an expired one. */
function usableViewer(token) {
  const claims = token ? tokenClaims(token) : null;
  if (!claims || (typeof claims.exp === 'number' && claims.exp * 1000 <= Date.now())) return null;
  return { token, viewerId: claims.sub };
}

/** The page's language as the server wrote it into `<html lang>` (a shipped locale), else none. */
const pageLocale = () => (typeof document === 'undefined' ? null : document.documentElement.lang || null);

async function postJson(path, body, token = null, unexpected = englishTexts.unexpected) {
  const headers = { 'content-type': 'application/json', accept: 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    throw new Error(typeof answer.message === 'string' ? answer.message : unexpected);
  }
  return response.json();
}

/** Registers the app's service worker (scope `appPath`) and resolves once it is active. */
export async function registerAppWorker(appPath, texts = englishTexts) {
  const registration = await navigator.serviceWorker.register(`${appPath}sw.js`, { scope: appPath });
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  await new Promise((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
      if (worker.state === 'redundant') reject(new Error(texts.installFailed));
    });
  });
  return registration;
}

/**
 * The "Notify me" state of one creator: `state`, `message` (what went wrong, for the page to show),
 * `toggle()`, `onChange(listener)` (returns an unsubscribe function) and `linkViewer()` (call it when a viewer signs in).
 * `viewerToken` reads the signed-in viewer's token (by default the web app's, from this origin's localStorage);
 * `texts` are the messages it shows (by default the page's, see pageTexts); `locale` the language the notifications
 * are to be written in (by default the page's `<html lang>`, one of the shipped locales: the server writes it).
 * @param {{ appPath: string, creatorId: string, viewerToken?: () => string | null, texts?: typeof englishTexts, locale?: () => string | null }} options
 */
export function createNotifyMe({ appPath, creatorId, viewerToken = storedViewerToken, texts = pageTexts(), locale = pageLocale }) {
  /** @type {NotifyState} */
  let state = supported() ? 'registering' : 'unsupported';
  let message = supported() ? '' : texts.unsupported;
  /** @type {ServiceWorkerRegistration | null} */
  let registration = null;
  const listeners = new Set();
  const set = (next, text = '') => {
    state = next;
    message = text;
    for (const listener of listeners) listener();
  };

  // Which viewer this browser's subscription to the creator was last sent with (so a visit re-posts it only once).
  const linkedKey = `${linkedKeyPrefix}${creatorId}`;
  const linkMark = (subscription, viewer) => `${viewer.viewerId} ${subscription.endpoint}`;

  async function postSubscription(subscription) {
    const viewer = usableViewer(viewerToken());
    const language = locale();
    await postJson('/api/push/subscribe', { creatorId, subscription: subscription.toJSON(), ...(language ? { locale: language } : {}) }, viewer?.token ?? null, texts.unexpected);
    storage.set(linkedKey, viewer ? linkMark(subscription, viewer) : null);
  }

  /** An existing subscription (made signed out, or by another viewer) becomes the signed-in viewer's: posted again once. */
  async function linkViewer() {
    const viewer = usableViewer(viewerToken());
    if (!viewer || !registration || state !== 'on') return;
    try {
      const subscription = await registration.pushManager.getSubscription();
      if (!subscription || state !== 'on' || storage.get(linkedKey) === linkMark(subscription, viewer)) return;
      await postSubscription(subscription);
    } catch {
      // Best effort: the subscription works either way, and the next visit tries again.
    }
  }

  if (supported()) {
    registerAppWorker(appPath, texts)
      .then(async (ready) => {
        registration = ready;
        if (Notification.permission === 'denied') return set('blocked', texts.blocked);
        set((await ready.pushManager.getSubscription()) ? 'on' : 'off');
        await linkViewer();
      })
      .catch(() => set('unsupported', texts.unsupported));
  }

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      return set(permission === 'denied' ? 'blocked' : 'off', permission === 'denied' ? texts.blocked : '');
    }
    const keyAnswer = await fetch('/api/push/public-key', { headers: { accept: 'application/json' } }).then((response) => response.json());
    let subscription = await registration.pushManager.getSubscription();
    try {
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(keyAnswer.publicKey) });
    } catch {
      throw new Error(texts.subscribeFailed);
    }
    try {
      await postSubscription(subscription);
    } catch (error) {
      await subscription.unsubscribe().catch(() => undefined);
      throw error;
    }
    set('on');
  }

  async function turnOff() {
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      await postJson('/api/push/unsubscribe', { endpoint: subscription.endpoint }, null, texts.unexpected);
      await subscription.unsubscribe();
    }
    storage.set(linkedKey, null);
    set('off');
  }

  return {
    get state() {
      return state;
    },
    get message() {
      return message;
    },
    /** What the button says now, in the texts' language. */
    get label() {
      return texts.labels[state];
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    linkViewer,
    async toggle() {
      if (!registration || (state !== 'on' && state !== 'off' && state !== 'error')) return;
      const wasOn = state === 'on';
      set('busy');
      try {
        await (wasOn ? turnOff() : turnOn());
      } catch (error) {
        set(wasOn ? 'on' : 'error', error instanceof Error && error.message ? error.message : texts.failed);
      }
    },
  };
}

/** Button texts for each state in English (the main app's event page shows its own translation of them). */
export const notifyLabels = englishTexts.labels;
