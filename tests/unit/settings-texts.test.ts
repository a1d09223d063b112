import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { getQueryKey } from '@trpc/react-query';
import { Route, Router } from 'wouter';
import { afterAll, describe, expect, it } from 'vitest';
import { settingGroups, settingsMessages, type SettingsAnswer } from '@server/domains/settings/settings.schemas';
import SettingsPage from '@web/features/settings/settings-page';
import {
  settingErrorText,
  settingFieldTexts,
  settingGroupDescription,
  settingGroupTexts,
  settingGroupTitle,
  settingHelp,
  settingLabel,
  settingSaveLabel,
} from '@web/features/settings/settings-texts';
import { activateLocale, i18n } from '@web/lib/i18n/i18n';
import { sessionTrpc, trpc } from '@web/lib/trpc';

/** The settings page's words the web shows for one locale, each with the schema's English it stands for. */
function pageTexts(): { english: string; shown: string }[] {
  return settingGroups.flatMap((group) => [
    { english: group.title, shown: settingGroupTitle(group) },
    { english: group.description, shown: settingGroupDescription(group) },
    { english: `Save ${group.title.toLowerCase()}`, shown: settingSaveLabel(group) },
    ...group.fields.flatMap((field) => [
      { english: field.label, shown: settingLabel(field) },
      ...(field.help ? [{ english: field.help, shown: settingHelp(field)! }] : []),
    ]),
  ]);
}

/** The answer of settings.get as the server builds it from the schema (its English), nothing set. */
function settingsAnswer(): SettingsAnswer {
  return {
    groups: settingGroups.map((group) => ({
      ...group,
      fields: group.fields.map((field) => ({ ...field, options: field.options ? [...field.options] : undefined, value: null, isSet: false, masked: null, source: 'default' as const })),
    })),
  };
}

/** /apps/settings/{group} as an admin first sees it, in the active language. */
function renderSettingsPage(group: string): string {
  const queryClient = new QueryClient();
  queryClient.setQueryData(getQueryKey(trpc.settings.get, undefined, 'query'), settingsAnswer());
  const page = createElement(Router, { ssrPath: `/apps/settings/${group}`, ssrSearch: '', children: createElement(Route, { path: '/apps/settings/:settingId', component: SettingsPage }) });
  const withQueries = createElement(QueryClientProvider, { client: queryClient }, page);
  return renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(trpc.Provider, { client: sessionTrpc, queryClient, children: withQueries })));
}

afterAll(() => activateLocale('en'));

describe('the settings page in the reader’s language (issue 34)', () => {
  it('every group and setting of the schema has a web text, English byte for byte as the schema has it', async () => {
    await activateLocale('en');
    for (const group of settingGroups) expect(Object.keys(settingGroupTexts)).toContain(group.id);
    for (const field of settingGroups.flatMap((group) => group.fields)) {
      expect(Object.keys(settingFieldTexts), `setting ${field.key}`).toContain(field.key);
      expect(!!settingFieldTexts[field.key]!.help, `help of ${field.key}`).toBe(!!field.help);
    }
    for (const { english, shown } of pageTexts()) expect(shown).toBe(english);
  });

  it('a group or setting the web has no text for shows the server’s English', async () => {
    await activateLocale('de');
    const group = { id: 'storage', title: 'Storage', description: 'Where uploads go.' };
    expect([settingGroupTitle(group), settingGroupDescription(group)]).toEqual(['Storage', 'Where uploads go.']);
    expect(settingSaveLabel(group)).toBe('storage speichern');
    const field = { key: 'bucket', label: 'Bucket', help: 'An S3 bucket name.' };
    expect([settingLabel(field), settingHelp(field)]).toEqual(['Bucket', 'An S3 bucket name.']);
    expect(settingHelp({ key: 'siteName', label: 'Site name' })).toBeUndefined();
  });

  it('German: every word of the page comes from the German catalog', async () => {
    await activateLocale('de');
    const english = pageTexts().filter(({ english: source, shown }) => shown === source);
    expect(english).toEqual([]);
    expect(settingGroupTitle(settingGroups[1]!)).toBe('Zahlungen');
    expect(settingLabel({ key: 'siteName', label: 'Site name' })).toBe('Name der Website');
    expect(settingErrorText(settingsMessages.stripeNeedsKeys)).toBe('Stripe braucht einen öffentlichen und einen geheimen Schlüssel');
    expect(settingErrorText(settingsMessages.tooLong)).toBe('Dieser Wert ist zu lang');
    expect(settingErrorText('Schon übersetzt')).toBe('Schon übersetzt');
  });

  it('German: the payments tab renders its group, labels and tabs in German, no English left', async () => {
    await activateLocale('de');
    const html = renderSettingsPage('payments');
    for (const german of ['Einstellungen', 'Allgemein', 'Zahlungen', 'Bot-Prüfung', 'Anmeldung über soziale Netzwerke', 'Der Anbieter für Kartenzahlungen.', 'Anbieter', 'Öffentlicher Schlüssel von Stripe', 'Geheimer Schlüssel von Stripe', 'Zahlungseinstellungen speichern']) {
      expect(html).toContain(german);
    }
    for (const english of ['>General<', '>Payments<', 'Bot check', 'Social sign-in', 'The card payment provider', '>Provider<', 'Stripe publishable key', 'Stripe secret key', 'Save payments']) {
      expect(html).not.toContain(english);
    }
  });

  it('English: the page keeps the schema’s words', async () => {
    await activateLocale('en');
    const html = renderSettingsPage('general');
    for (const english of ['>General<', 'The site name shown in the app', 'Site name', 'New creators need admin activation', 'When off, a creator who registers can sign in at once.', 'Save general']) {
      expect(html).toContain(english);
    }
  });

  it('Arabic: the group titles come from the Arabic catalog', async () => {
    await activateLocale('ar');
    expect(settingGroups.map((group) => settingGroupTitle(group))).toEqual(['عام', 'المدفوعات', 'التحقق من الروبوتات', 'تسجيل الدخول عبر الشبكات الاجتماعية', 'البريد الإلكتروني']);
  });
});
