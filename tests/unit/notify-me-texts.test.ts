import { afterEach, describe, expect, it } from 'vitest';
import { notifyMeTexts } from '@server/domains/mobile-app/mobile-app.messages';
import { localizedNotifyTexts } from '@server/domains/mobile-app/mobile-app.pages';

/** The browser globals the script reads, for one page: a body with the server's data-notify-texts (or none). */
function page(notifyTexts?: string) {
  Object.assign(globalThis, { window: {}, navigator: {}, document: { body: { dataset: notifyTexts === undefined ? {} : { notifyTexts } } } });
}

afterEach(() => {
  for (const name of ['window', 'navigator', 'document'] as const) Reflect.deleteProperty(globalThis, name);
});

/** What the tests use of the script (plain JavaScript, no types of its own). */
interface NotifyMeModule {
  createNotifyMe(options: { appPath: string; creatorId: string; viewerToken?: () => string | null }): { state: string; message: string; label: string };
  pageTexts(): { labels: Record<string, string> };
}

// The script the creator app's page (and the main app's event page) loads, as the browser gets it.
const scriptPath = '../../server/domains/mobile-app/public/notify-me.js';
const notifyMe = () => import(/* @vite-ignore */ scriptPath) as Promise<NotifyMeModule>;

describe('public/notify-me.js words', () => {
  it("shows the texts the page carries (the server's, in the page's language)", async () => {
    page(JSON.stringify(localizedNotifyTexts('de')));
    const { createNotifyMe } = await notifyMe();
    const notify = createNotifyMe({ appPath: '/m/lena/', creatorId: 'c1', viewerToken: () => null });
    // No service worker in this "browser": unsupported, said in German.
    expect(notify.state).toBe('unsupported');
    expect(notify.message).toBe('Dieser Browser kann keine Benachrichtigungen empfangen.');
    expect(notify.label).toBe('Benachrichtigungen nicht verfügbar');
  });

  it('is English on a page without texts (the main app shows its own words)', async () => {
    page();
    const { createNotifyMe, pageTexts } = await notifyMe();
    expect(pageTexts().labels.off).toBe('Notify me');
    // The script's own English copy (a static file, it cannot import the server's) is the catalogs' source, word for word.
    expect(pageTexts()).toEqual(notifyMeTexts);
    const notify = createNotifyMe({ appPath: '/m/lena/', creatorId: 'c1', viewerToken: () => null });
    expect(notify.message).toBe('This browser cannot receive notifications.');
    expect(notify.label).toBe('Notifications unavailable');
  });
});
