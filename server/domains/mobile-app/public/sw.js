/* global self, caches, fetch, URL, Response, APP_VERSION, APP_NAME, APP_ICON -- the server prepends the APP_* constants */
// One creator's app: scope /m/{tag}/. The server puts the app's version and icon above this line, so a
// settings change alters this file and the browser installs the new worker (and a fresh shell cache).
const scope = new URL(self.registration.scope);
const cachePrefix = `cuepoint-app:${scope.pathname}:`;
const cacheName = `${cachePrefix}${APP_VERSION}`;
const offlineUrl = new URL('offline', scope).href;
const shell = [offlineUrl, new URL('app.js', scope).href, new URL('notify-me.js', scope).href, new URL(APP_ICON, scope).href];

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll(shell))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const key of await caches.keys()) {
        if (key.startsWith(cachePrefix) && key !== cacheName) await caches.delete(key);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== scope.origin) return;
  if (request.mode === 'navigate') {
    // Pages always come fresh from the network; without one, the friendly offline page.
    event.respondWith(fetch(request).catch(async () => (await caches.match(offlineUrl)) ?? Response.error()));
    return;
  }
  if (shell.includes(url.href) || url.pathname.startsWith(`${scope.pathname}icons/`)) {
    event.respondWith(
      caches.open(cacheName).then(async (cache) => {
        const cached = await cache.match(request);
        const fresh = fetch(request)
          .then((response) => {
            if (response.ok) cache.put(request, response.clone());
            return response;
          })
          .catch(() => cached ?? Response.error());
        return cached ?? fresh;
      }),
    );
  }
});

self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  event.waitUntil(
    self.registration.showNotification(message.title || APP_NAME, {
      body: message.body || '',
      icon: message.icon || APP_ICON,
      badge: APP_ICON,
      // The same notification delivered twice replaces itself instead of showing again.
      tag: message.id || undefined,
      data: { url: message.url || scope.pathname },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL((event.notification.data && event.notification.data.url) || scope.pathname, self.location.origin);
  if (target.origin !== self.location.origin) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => client.url === target.href);
      if (open) return open.focus();
      return self.clients.openWindow(target.href);
    })(),
  );
});
