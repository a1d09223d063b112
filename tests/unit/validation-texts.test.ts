import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { createEventInput } from '@server/domains/events/events.schemas';
import { blockInput, hashtag } from '@server/domains/federation/federation.schemas';
import { createTierInput } from '@server/domains/memberships/memberships.schemas';
import { updateAppInput } from '@server/domains/mobile-app/mobile-app.schemas';
import { paymentFullName } from '@server/domains/payments/payments.schemas';
import { sendInput } from '@server/domains/push/push.schemas';
import { changePasswordInput, loginInput, registerFormSchema, validationMessages } from '@server/domains/users/users.schemas';
import { activateLocale } from '@web/lib/i18n/i18n';
import { validationText, validationTexts } from '@web/lib/i18n/validation-texts';
import { loginProblems } from '@web/features/auth/login-checks';

/** The messages a schema gives for a value, as a form shows them (zod's issue messages). */
function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

const long = (length: number) => 'x'.repeat(length);

/** What the web's forms can meet: each shared schema fed what a person might type wrong. */
function formMessages(): string[] {
  const tier = { name: '', monthlyPrice: 0.5, description: '', includesAllPremiumEvents: true, includesReplays: true, chatBadge: true };
  const app = { appId: 'a', name: '', shortName: long(13), themeColor: 'red', backgroundColor: '#fff', startPage: 'home' };
  const found = [
    ...messagesOf(loginInput, { userName: 'ab', password: 'abc' }),
    ...messagesOf(registerFormSchema, { email: 'not-an-email', firstName: ' ', lastName: long(81), subDomain: 'ab', password: 'short', confirmPassword: 'other' }),
    ...messagesOf(registerFormSchema, { email: 'a@b.co', firstName: 'A', lastName: 'B', subDomain: 'has space', password: 'long enough', confirmPassword: 'different' }),
    ...messagesOf(changePasswordInput, { currentPassword: long(201), newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }),
    ...messagesOf(paymentFullName, ''),
    ...messagesOf(paymentFullName, ' padded '),
    ...messagesOf(createTierInput, tier),
    ...messagesOf(createTierInput, { ...tier, name: long(81), monthlyPrice: 1.234, description: long(2001), premiumEventIds: Array.from({ length: 201 }, (_, index) => `e${index}`) }),
    ...messagesOf(sendInput, { title: '', body: long(201), url: 'https://elsewhere.example/', audience: 'friends' }),
    ...messagesOf(updateAppInput, app),
    ...messagesOf(updateAppInput, { ...app, name: long(46), shortName: '' }),
    ...messagesOf(createEventInput, { name: '', startDateTime: 'soon', endDateTime: null }),
    ...messagesOf(createEventInput, { name: 'Set', startDateTime: '2030-01-02T10:00:00Z', endDateTime: null }),
    ...messagesOf(createEventInput, { name: 'Set', startDateTime: '2030-01-02T10:00:00Z', endDateTime: '2030-01-02T09:00:00Z', isPremium: true, premiumPrice: 0.5 }),
    ...messagesOf(blockInput, { kind: 'domain', value: '' }),
    ...messagesOf(blockInput, { kind: 'domain', value: 'not a domain' }),
    ...messagesOf(blockInput, { kind: 'actor', value: 'mastodon.social/@someone' }),
    ...messagesOf(hashtag, '#two words'),
  ];
  return [...new Set(found)];
}

afterAll(() => activateLocale('en'));

describe('validation texts of the shared schemas (issue 34)', () => {
  it('the forms meet the texts the schemas are written with, zod’s defaults among them', () => {
    const messages = formMessages();
    for (const expected of [
      validationMessages.min4,
      validationMessages.min5,
      validationMessages.min8,
      validationMessages.email,
      validationMessages.creatorTag,
      validationMessages.passwordsMismatch,
      validationMessages.tooLong,
      'Input field can not be empty',
      'Please enter a valid name',
      'The name can be at most 80 characters',
      'The description can be at most 2000 characters',
      'Title must be 1 to 60 characters',
      'Message must be 1 to 200 characters',
      'App name must be 1 to 45 characters',
      'Short name must be 1 to 12 characters',
      'Colours are written as #rrggbb',
      'The end must be after the start',
      'Give both a start and an end, or neither for "TBA"',
      'Enter a domain name such as mastodon.social',
      'Enter the actor URL (https://...)',
      'A hashtag is letters, digits and underscores',
      'Too big: expected string to have <=200 characters',
      'Too small: expected string to have >=1 characters',
      'Too big: expected array to have <=200 items',
    ]) {
      expect(messages).toContain(expected);
    }
  });

  it('English: every text comes out byte for byte as the schema wrote it', async () => {
    await activateLocale('en');
    for (const message of formMessages()) expect(validationText(message)).toBe(message);
    expect(validationText(validationMessages.min1)).toBe('Min character length is 1');
  });

  it('German: none of the texts a form can show stays English', async () => {
    await activateLocale('de');
    const english = formMessages().filter((message) => validationText(message) === message);
    expect(english).toEqual([]);
    expect(validationText(validationMessages.passwordsMismatch)).toBe('Die Passwörter stimmen nicht überein');
    expect(validationText(validationMessages.min8)).toBe('Mindestens 8 Zeichen');
    expect(validationText('Title must be 1 to 60 characters')).toBe('Der Titel muss 1 bis 60 Zeichen lang sein');
    expect(validationText('The description can be at most 2000 characters')).toBe('Die Beschreibung darf höchstens 2000 Zeichen lang sein');
    expect(validationText('Too small: expected string to have >=1 characters')).toBe('Zu kurz: mindestens 1 Zeichen');
  });

  it('a text it does not know, or the server’s answer already in German, passes through unchanged', async () => {
    await activateLocale('de');
    expect(validationText('Diese E-Mail-Adresse ist bereits registriert')).toBe('Diese E-Mail-Adresse ist bereits registriert');
    expect(validationText('Something only the server says')).toBe('Something only the server says');
    expect(validationText(undefined)).toBeUndefined();
    expect(validationTexts({ email: validationMessages.email, other: 'as it came' })).toEqual({ email: 'Bitte gib eine gültige E-Mail-Adresse ein', other: 'as it came' });
  });

  it('numbers take the locale’s plural forms (Arabic) and stay as written', async () => {
    await activateLocale('ar');
    const [one, few, many, other] = ['Min character length is 1', 'Min character length is 4', 'Min character length is 11', 'Min character length is 100'].map((text) => validationText(text));
    expect(one).toBe('الحد الأدنى حرف واحد');
    expect(few).toBe('الحد الأدنى 4 أحرف');
    expect(many).toBe('الحد الأدنى 11 حرفًا');
    expect(other).toBe('الحد الأدنى 100 حرف');
    await activateLocale('es');
    expect(validationText('Min character length is 1')).toBe('Debe tener al menos 1 carácter');
    expect(validationText('Min character length is 4')).toBe('Debe tener al menos 4 caracteres');
  });

  it('the login form’s checks (fetched on first focus) answer in the reader’s language', async () => {
    await activateLocale('de');
    expect(loginProblems({ userName: 'ab', password: 'abc' })).toEqual({ userName: 'Mindestens 4 Zeichen', password: 'Mindestens 4 Zeichen' });
    expect(loginProblems({ userName: 'mara', password: 'secret' })).toEqual({});
    await activateLocale('en');
    expect(loginProblems({ userName: 'ab', password: 'secret' })).toEqual({ userName: 'Min character length is 4' });
  });
});
