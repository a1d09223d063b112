import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { OutboxMailer } from '@server/providers/mail/outbox';
import type { OutgoingMail } from '@server/providers/mail/interface';
import { cards, confirmCard, createPaymentsApp, createTip, reportPaymentStatus, stage } from '../helpers/payments';

/** Mail that takes a while to hand over (a slow SMTP server), written to an outbox of the test's own. */
const outbox = mkdtempSync(join(tmpdir(), 'cuepoint-slow-outbox-'));
const outboxMailer = new OutboxMailer(outbox, 'Cuepoint <no-reply@cuepoint.test>');
const slowMailer = {
  async send(mail: OutgoingMail): Promise<void> {
    await sleep(300);
    await outboxMailer.send(mail);
  },
};
afterAll(() => rmSync(outbox, { recursive: true, force: true }));

describe('work started after an answer', () => {
  it('a payment receipt on its way when the app closes is still sent (the close waits for it)', async () => {
    const test = await createPaymentsApp({ PAYMENT_RATE_LIMIT: '1000' }, { mailer: slowMailer });
    const { app } = test;
    const s = await stage(app, { tipCents: 700 });
    const intent = (await createTip(app, s)).json() as { client_secret: string; paymentIntentId: string };
    expect(await confirmCard(app, intent.client_secret, cards.success)).toEqual({ status: 'succeeded' });
    const report = await reportPaymentStatus(app, s.viewer.token, intent.paymentIntentId);
    expect(report.statusCode, report.body).toBe(200);
    // The answer did not wait for the mail…
    expect(readdirSync(outbox)).toEqual([]);
    await test.close();
    // …and the close did: the payer's receipt and the creator's notice are both out.
    expect(readdirSync(outbox).filter((name) => name.endsWith('.json'))).toHaveLength(2);
  });
});
