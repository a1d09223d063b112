/** Every browser storage key the web app uses, in one place. */
export const storageKeys = {
  /** Creator/admin token (localStorage). */
  token: 'cuepoint.token',
  /** Viewer token, kept apart from the creator token (localStorage; used by the viewer pages). */
  viewerToken: 'cuepoint.viewerToken',
  /** Paid event ids of the signed-in viewer, comma-separated: a cache, the server decides (localStorage). */
  eventPermissions: 'cuepoint.eventPermissions',
  /** The admin's own token while emulating another user (sessionStorage). */
  originalToken: 'cuepoint.originalToken',
  /** The emulated user's token: this tab only (sessionStorage), so other tabs and a reopened browser stay the admin's. */
  emulatedToken: 'cuepoint.emulatedToken',
  /** Where to go after login (sessionStorage). */
  redirectUrl: 'cuepoint.redirectUrl',
  /** The product a guest picked on /product-page (sessionStorage). */
  checkoutProduct: 'cuepoint.checkoutProduct',
  /** Live chat: the name and photo chosen on the chat sign-in form (localStorage). */
  chat: 'cuepoint.chat',
  /** Shell preferences (localStorage). */
  layout: 'cuepoint.layout',
} as const;

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (key: string) => safe(() => window.localStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.localStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.localStorage.removeItem(key), undefined),
};

export const session = {
  get: (key: string) => safe(() => window.sessionStorage.getItem(key), null),
  set: (key: string, value: string) => safe(() => window.sessionStorage.setItem(key, value), undefined),
  remove: (key: string) => safe(() => window.sessionStorage.removeItem(key), undefined),
};
