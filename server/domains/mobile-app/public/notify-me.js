/* global window, navigator, Notification, fetch, atob */
// "Notify me" for one creator's app, shared by the app's page (/m/{tag}/) and the event page in the main app.
// Framework-free: the app page loads it as a module, the React event page imports it at run time.
// Nothing asks for permission until the fan clicks; the same control turns notifications off again.

/** @typedef {'unsupported' | 'registering' | 'off' | 'on' | 'busy' | 'blocked' | 'error'} NotifyState */

const supported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

function keyBytes(base64Url) {
  const base64 = base64Url.replace(/-/g, '+').replace(/_/g, '/');
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(raw, (character) => character.charCodeAt(0));
}

async function postJson(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify(body) });
  if (!response.ok) {
    const answer = await response.json().catch(() => ({}));
    throw new Error(typeof answer.message === 'string' ? answer.message : 'Unexpected error. Please try again.');
  }
  return response.json();
}

/** Registers the app's service worker (scope `appPath`) and resolves once it is active. */
export async function registerAppWorker(appPath) {
  const registration = await navigator.serviceWorker.register(`${appPath}sw.js`, { scope: appPath });
  if (registration.active) return registration;
  const worker = registration.installing ?? registration.waiting;
  await new Promise((resolve, reject) => {
    worker.addEventListener('statechange', () => {
      if (worker.state === 'activated') resolve();
      if (worker.state === 'redundant') reject(new Error('The app could not be installed in this browser'));
    });
  });
  return registration;
}

/**
 * The "Notify me" state of one creator: `state`, `message` (what went wrong, for the page to show),
 * `toggle()` and `onChange(listener)` (returns an unsubscribe function).
 * @param {{ appPath: string, creatorId: string }} options
 */
export function createNotifyMe({ appPath, creatorId }) {
  /** @type {NotifyState} */
  let state = supported() ? 'registering' : 'unsupported';
  let message = supported() ? '' : 'This browser cannot receive notifications.';
  /** @type {ServiceWorkerRegistration | null} */
  let registration = null;
  const listeners = new Set();
  const set = (next, text = '') => {
    state = next;
    message = text;
    for (const listener of listeners) listener();
  };

  if (supported()) {
    registerAppWorker(appPath)
      .then(async (ready) => {
        registration = ready;
        if (Notification.permission === 'denied') return set('blocked', 'Notifications are blocked for this site in your browser settings.');
        set((await ready.pushManager.getSubscription()) ? 'on' : 'off');
      })
      .catch(() => set('unsupported', 'This browser cannot receive notifications.'));
  }

  async function turnOn() {
    const permission = await Notification.requestPermission();
    if (permission !== 'granted') {
      return set(permission === 'denied' ? 'blocked' : 'off', permission === 'denied' ? 'Notifications are blocked for this site in your browser settings.' : '');
    }
    const keyAnswer = await fetch('/api/push/public-key', { headers: { accept: 'application/json' } }).then((response) => response.json());
    let subscription = await registration.pushManager.getSubscription();
    try {
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(keyAnswer.publicKey) });
    } catch {
      throw new Error('Your browser could not set up notifications. Please try again later.');
    }
    try {
      await postJson('/api/push/subscribe', { creatorId, subscription: subscription.toJSON() });
    } catch (error) {
      await subscription.unsubscribe().catch(() => undefined);
      throw error;
    }
    set('on');
  }

  async function turnOff() {
    const subscription = await registration.pushManager.getSubscription();
    if (subscription) {
      await postJson('/api/push/unsubscribe', { endpoint: subscription.endpoint });
      await subscription.unsubscribe();
    }
    set('off');
  }

  return {
    get state() {
      return state;
    },
    get message() {
      return message;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async toggle() {
      if (!registration || (state !== 'on' && state !== 'off' && state !== 'error')) return;
      const wasOn = state === 'on';
      set('busy');
      try {
        await (wasOn ? turnOff() : turnOn());
      } catch (error) {
        set(wasOn ? 'on' : 'error', error instanceof Error && error.message ? error.message : 'Notifications could not be turned on.');
      }
    },
  };
}

/** Button texts for each state (the app page and the event page show the same words). */
export const notifyLabels = {
  unsupported: 'Notifications unavailable',
  registering: 'Notify me',
  off: 'Notify me',
  on: 'Notifications on',
  busy: 'Please wait…',
  blocked: 'Notifications blocked',
  error: 'Notify me',
};
