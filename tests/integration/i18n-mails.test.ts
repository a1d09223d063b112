import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join as joinPath } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { memberships } from '@db/schema/memberships';
import { payments, subscriptions } from '@db/schema/payments';
import { users } from '@db/schema/users';
import { firstRow } from '@db/store';
import { publicOrigin } from '@server/lib/public-url';
import { bearer, callerAs, createUser, type TestUser } from '../helpers/app';
import { cards, confirmCard, createPaymentsApp, createPaywall, createTip, stage } from '../helpers/payments';

// The payment mails in the recipient's stored language (users.locale), whoever caused them: a German member, payer or
// creator reads German money and dates; an account without a language (or English) gets the exact English mail.

const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' });
const { app } = test;
const db = app.services.db;
const origin = publicOrigin(app.services.config);
afterAll(() => test.close());

interface Mail {
  to: string;
  subject: string;
  text: string;
}

function mailsTo(email: string): Mail[] {
  const folder = joinPath(test.dataDir, 'outbox');
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => JSON.parse(readFileSync(joinPath(folder, name), 'utf8')) as Mail)
    .filter((mail) => mail.to === email);
}

async function onlyMailTo(email: string): Promise<Mail> {
  await expect.poll(() => mailsTo(email).length).toBe(1);
  return mailsTo(email)[0]!;
}

const setLocale = (user: TestUser, locale: 'de' | 'en' | null) => db.update(users).set({ locale }).where(eq(users.id, user.id));
const rename = (user: TestUser, displayName: string) => db.update(users).set({ displayName }).where(eq(users.id, user.id));

const englishDay = (iso: string) => new Date(iso).toUTCString().replace(/ \d\d:\d\d:\d\d GMT$/, '');
const germanDay = (iso: string) => new Intl.DateTimeFormat('de', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(iso));
const germanTime = (iso: string) =>
  new Intl.DateTimeFormat('de', { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit', timeZone: 'UTC', timeZoneName: 'short' }).format(
    new Date(iso),
  );
/** German money as Intl writes it: "12,99 CA$" (the space before the symbol is a no-break space). */
const germanMoney = (cents: number) => new Intl.NumberFormat('de', { style: 'currency', currency: 'CAD' }).format(cents / 100);

async function paidRow(paymentId: string) {
  await expect.poll(async () => (await firstRow(db.select().from(payments).where(eq(payments.id, paymentId))))?.status).toBe('succeeded');
  return (await firstRow(db.select().from(payments).where(eq(payments.id, paymentId))))!;
}

describe('tip and ticket mails', () => {
  it('a German payer gets the German receipt, the English creator of the same payment the exact English notice', async () => {
    const s = await stage(app, { premiumCents: 1299 });
    await setLocale(s.viewer, 'de');
    await setLocale(s.creator, 'en');
    await rename(s.creator, 'Mara Quill');
    await rename(s.viewer, 'Jonas');
    const intent = (await createPaywall(app, s)).json() as { client_secret: string; paymentId: string };
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const row = await paidRow(intent.paymentId);
    const when = row.updatedAt ?? row.createdAt;

    const receipt = await onlyMailTo(s.viewer.email);
    expect(germanMoney(1299)).toBe('12,99\u00a0CA$');
    expect(receipt.subject).toBe(`Deine Quittung von Cuepoint: ${germanMoney(1299)}`);
    expect(receipt.text).toBe(
      [
        'Danke für deine Zahlung an Mara Quill.',
        '',
        'Artikel: Ticket für Midnight Set',
        `Betrag: ${germanMoney(1299)}`,
        `Datum: ${germanTime(when)}`,
        'Bezahlt mit: Karte mit der Endung 4242',
        'Bezahlt an: Mara Quill',
        '',
        'Bewahre diese E-Mail als Quittung auf. – Cuepoint',
      ].join('\n'),
    );
    expect(receipt.text).toMatch(/Datum: \w{2}\., \d{1,2}\. \w+\.? \d{4}, \d\d:\d\d:\d\d UTC/);

    const notice = await onlyMailTo(s.creator.email);
    expect(notice.subject).toBe('New ticket: $12.99 CAD from Jonas');
    expect(notice.text).toBe(`New ticket on Cuepoint.\n\nFrom: Jonas\nItem: Ticket: Midnight Set\nAmount: $12.99 CAD\nDate: ${new Date(when).toUTCString()}`);
  });

  it('an English payer (no language stored) gets the exact English receipt, a German creator the German tip notice', async () => {
    const s = await stage(app, { tipCents: 500 });
    await setLocale(s.creator, 'de');
    await rename(s.creator, 'Lena Berlin');
    await rename(s.viewer, 'Sam');
    const intent = (await createTip(app, s)).json() as { client_secret: string; paymentId: string };
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const row = await paidRow(intent.paymentId);
    const when = row.updatedAt ?? row.createdAt;

    const receipt = await onlyMailTo(s.viewer.email);
    expect(receipt.subject).toBe('Your receipt from Cuepoint: $5.00 CAD');
    expect(receipt.text).toBe(
      [
        'Thank you for your payment to Lena Berlin.',
        '',
        `Item: Tip: ${row.description}`,
        'Amount: $5.00 CAD',
        `Date: ${new Date(when).toUTCString()}`,
        'Paid with: card ending in 4242',
        'Paid to: Lena Berlin',
        '',
        'Keep this mail as your receipt. — Cuepoint',
      ].join('\n'),
    );

    const notice = await onlyMailTo(s.creator.email);
    expect(notice.subject).toBe(`Neues Trinkgeld: ${germanMoney(500)} von Sam`);
    expect(notice.text).toBe(`Neues Trinkgeld auf Cuepoint.\n\nVon: Sam\nArtikel: Trinkgeld: ${row.description}\nBetrag: ${germanMoney(500)}\nDatum: ${germanTime(when)}`);
  });
});

describe('membership mails', () => {
  async function createTier(creator: TestUser, name: string, monthlyPrice: number) {
    return (await callerAs(app, creator.token)).memberships.createTier({
      name,
      monthlyPrice,
      includesAllPremiumEvents: false,
      premiumEventIds: [],
      includesReplays: false,
      podcastTitleIds: [],
      chatBadge: true,
    });
  }

  async function joinAndPay(viewer: TestUser, tierId: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/memberships/join', headers: bearer(viewer.token), payload: { tierId } });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as { client_secret: string; membershipId: string };
    expect(await confirmCard(app, answer.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    return answer.membershipId;
  }

  const membershipRow = async (id: string) => (await firstRow(db.select().from(memberships).where(eq(memberships.id, id))))!;

  it('a German member gets the German welcome receipt, the English creator the exact English new-member notice', async () => {
    const s = await stage(app);
    await setLocale(s.viewer, 'de');
    await rename(s.creator, 'Mara Quill');
    await rename(s.viewer, 'Jonas');
    const tier = await createTier(s.creator, 'Backstage', 4.99);
    const membershipId = await joinAndPay(s.viewer, tier.id);
    const row = await membershipRow(membershipId);

    const welcome = await onlyMailTo(s.viewer.email);
    expect(welcome.subject).toBe(`Deine Quittung von Cuepoint: Mitgliedschaft Backstage, ${germanMoney(499)}`);
    expect(welcome.text).toBe(
      [
        'Willkommen! Du bist jetzt Mitglied der Stufe Backstage von Mara Quill.',
        '',
        'Artikel: Mitgliedschaft Backstage (monatlich)',
        `Betrag: ${germanMoney(499)}`,
        'Bezahlt mit: deiner Karte mit der Endung 4242',
        `Bezahlt bis: ${germanDay(row.currentPeriodEnd!)}`,
        '',
        `Du kannst deine Mitgliedschaften unter „Meine Mitgliedschaften“ auf ${origin} ansehen und kündigen.`,
        'Bewahre diese E-Mail als Quittung auf. – Cuepoint',
      ].join('\n'),
    );

    const notice = await onlyMailTo(s.creator.email);
    expect(notice.subject).toBe('New member: Jonas joined Backstage ($4.99 CAD a month)');
    expect(notice.text).toMatch(
      new RegExp(
        `^New member on Cuepoint\\.\\n\\nMember: Jonas\\nTier: Backstage\\nAmount: \\$4\\.99 CAD a month\\nDate: \\w{3}, \\d\\d \\w{3} \\d{4} \\d\\d:\\d\\d:\\d\\d GMT\\n\\nYour members are listed in the Members app: ${origin.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/apps/members$`,
      ),
    );
  });

  it('an English member gets the exact English welcome receipt; a German creator reads the new member in German', async () => {
    const s = await stage(app);
    await setLocale(s.creator, 'de');
    await rename(s.creator, "Mara's Room");
    await rename(s.viewer, 'Sam');
    const tier = await createTier(s.creator, 'Front Row', 10);
    const membershipId = await joinAndPay(s.viewer, tier.id);
    const row = await membershipRow(membershipId);

    const welcome = await onlyMailTo(s.viewer.email);
    expect(welcome.subject).toBe('Your receipt from Cuepoint: Front Row membership, $10.00 CAD');
    expect(welcome.text).toBe(
      [
        "Welcome! You are now a member of Mara's Room's Front Row tier.",
        '',
        'Item: Front Row membership (monthly)',
        'Amount: $10.00 CAD',
        'Paid with: your card ending in 4242',
        `Paid until: ${englishDay(row.currentPeriodEnd!)}`,
        '',
        `You can see and cancel your memberships under "My memberships" on ${origin}.`,
        'Keep this mail as your receipt. — Cuepoint',
      ].join('\n'),
    );

    const notice = await onlyMailTo(s.creator.email);
    expect(notice.subject).toBe(`Neues Mitglied: Sam ist Front Row beigetreten (${germanMoney(1000)} im Monat)`);
    expect(notice.text).toContain(`Betrag: ${germanMoney(1000)} im Monat\nDatum: `);
    expect(notice.text).toContain(`Deine Mitglieder findest du in der App „Mitglieder“: ${origin}/apps/members`);
  });

  it('a German member scheduling a downgrade reads it in German; an English one the exact English mail', async () => {
    for (const locale of ['de', null] as const) {
      const s = await stage(app);
      await setLocale(s.viewer, locale);
      await rename(s.creator, 'Mara Quill');
      const high = await createTier(s.creator, 'Backstage', 15);
      const low = await createTier(s.creator, 'Basic', 5);
      const membershipId = await joinAndPay(s.viewer, high.id);
      const row = await membershipRow(membershipId);
      const response = await app.inject({ method: 'POST', url: `/api/memberships/${membershipId}/change-tier`, headers: bearer(s.viewer.token), payload: { tierId: low.id } });
      expect(response.statusCode, response.body).toBe(200);
      await expect.poll(() => mailsTo(s.viewer.email).length).toBe(2);
      const mail = mailsTo(s.viewer.email).find((each) => !each.subject.includes('Backstage,') && !each.subject.includes('Backstage membership,'))!;
      if (locale === 'de') {
        expect(mail.subject).toBe(`Deine Mitgliedschaft Backstage wechselt am ${germanDay(row.currentPeriodEnd!)} zu Basic`);
        expect(mail.text).toBe(
          [
            'Deine Mitgliedschaft bei Mara Quill wechselt am Ende des bezahlten Monats von Backstage zu Basic.',
            '',
            `Du behältst Backstage und die Vorteile bis ${germanDay(row.currentPeriodEnd!)}. Ab dann zahlst du ${germanMoney(500)} im Monat. Jetzt wird nichts berechnet.`,
            '',
            `Du kannst deine Mitgliedschaften unter „Meine Mitgliedschaften“ auf ${origin} ansehen und ändern.`,
            '– Cuepoint',
          ].join('\n'),
        );
      } else {
        const day = englishDay(row.currentPeriodEnd!);
        expect(mail.subject).toBe(`Your Backstage membership changes to Basic on ${day}`);
        expect(mail.text).toBe(
          [
            'Your membership of Mara Quill moves from Backstage to Basic at the end of the month you paid for.',
            '',
            `You keep Backstage and its perks until ${day}. From then you pay $5.00 CAD a month. Nothing is charged now.`,
            '',
            `You can see and change your memberships under "My memberships" on ${origin}.`,
            '— Cuepoint',
          ].join('\n'),
        );
      }
    }
  });
});

describe('plan mails', () => {
  async function subscribe(creator: TestUser, productId: string): Promise<string> {
    const response = await app.inject({ method: 'POST', url: '/api/payment/create-one-time-payment', headers: bearer(creator.token), payload: { productId } });
    expect(response.statusCode, response.body).toBe(200);
    const start = response.json() as { client_secret: string; subscriptionId: string };
    expect(await confirmCard(app, start.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    return start.subscriptionId;
  }
  const subscriptionRow = async (id: string) => (await firstRow(db.select().from(subscriptions).where(eq(subscriptions.id, id))))!;

  it('a German creator gets the German plan receipt with its setup fee; an English one the exact English receipt', async () => {
    const german = await createUser(app, { role: 'dj', locale: 'de' });
    const english = await createUser(app, { role: 'dj' });
    const germanRow = await subscriptionRow(await subscribe(german, 'PODCAST_TITLE'));
    const englishRow = await subscriptionRow(await subscribe(english, 'PODCAST_TITLE'));

    const deMail = await onlyMailTo(german.email);
    expect(deMail.subject).toBe(`Deine Quittung von Cuepoint: Tarif Podcast, ${germanMoney(2998)}`);
    const deLines = deMail.text.split('\n');
    expect(deLines.slice(0, 5)).toEqual(['Danke! Dein Tarif Podcast ist aktiv.', '', 'Artikel: Tarif Podcast (monatlich)', `Einrichtungsgebühr (einmalig): ${germanMoney(1999)}`, `Betrag: ${germanMoney(2998)}`]);
    expect(deLines[5]).toMatch(/^Datum: \w{2}\., \d{1,2}\. \w+\.? \d{4}, \d\d:\d\d:\d\d UTC$/);
    expect(deLines.slice(6)).toEqual([
      'Bezahlt mit: deiner Karte mit der Endung 4242',
      `Bezahlt bis: ${germanDay(germanRow.currentPeriodEnd!)}`,
      `Nächste Verlängerung: ${germanDay(germanRow.currentPeriodEnd!)} (${germanMoney(999)})`,
      '',
      `Deinen Tarif, seine Rechnungen und seine Karte findest du unter Profil → Abos auf ${origin}.`,
      'Bewahre diese E-Mail als Quittung auf. – Cuepoint',
    ]);

    const enMail = await onlyMailTo(english.email);
    expect(enMail.subject).toBe('Your receipt from Cuepoint: Podcast plan, $29.98 CAD');
    const enLines = enMail.text.split('\n');
    expect(enLines[5]).toMatch(/^Date: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT$/);
    const day = englishDay(englishRow.currentPeriodEnd!);
    expect([...enLines.slice(0, 5), ...enLines.slice(6)].join('\n')).toBe(
      [
        'Thank you! Your Podcast plan is active.',
        '',
        'Item: Podcast plan (monthly)',
        'Setup fee (one time): $19.99 CAD',
        'Amount: $29.98 CAD',
        'Paid with: your card ending in 4242',
        `Paid until: ${day}`,
        `Next renewal: ${day} ($9.99 CAD)`,
        '',
        `You can see your plan, its invoices and its card under Profile → Subscriptions on ${origin}.`,
        'Keep this mail as your receipt. — Cuepoint',
      ].join('\n'),
    );
  });

  it('cancelling mails a German creator in German and an English one in exact English', async () => {
    for (const locale of ['de', 'en'] as const) {
      const creator = await createUser(app, { role: 'dj', locale });
      const id = await subscribe(creator, 'LIVE_STREAM');
      await (await callerAs(app, creator.token)).subscriptions.cancel({ id });
      await expect.poll(() => mailsTo(creator.email).length).toBe(2);
      const row = await subscriptionRow(id);
      const mail = mailsTo(creator.email)[1]!;
      if (locale === 'de') {
        const day = germanDay(row.currentPeriodEnd!);
        expect(mail.subject).toBe(`Dein Tarif Live Stream ist gekündigt und endet am ${day}`);
        expect(mail.text).toContain(`Du hast deinen Tarif Live Stream gekündigt. Er bleibt bis ${day} aktiv und wird nicht erneut berechnet.\n\nTarif: Live Stream (${germanMoney(2999)} im Monat)\n`);
        expect(mail.text).toContain(`Doch anders entschieden? Setze ihn vor dem ${day} unter Profil → Abos auf ${origin} fort.\n– Cuepoint`);
      } else {
        const day = englishDay(row.currentPeriodEnd!);
        expect(mail.subject).toBe(`Your Live Stream plan is canceled and ends on ${day}`);
        expect(mail.text).toMatch(/^You canceled your Live Stream plan\. It stays active until .+\n\nPlan: Live Stream plan \(\$29\.99 CAD a month\)\nDate: \w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT\nEnds on: /);
        expect(mail.text.endsWith(`Ends on: ${day}\n\nChanged your mind? Resume it before ${day} under Profile → Subscriptions on ${origin}.\n— Cuepoint`)).toBe(true);
      }
    }
  });
});
