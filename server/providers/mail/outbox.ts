import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '@server/lib/ids';
import type { Mailer, OutgoingMail } from './interface';

/** Without SMTP, mails are written to DATA_DIR/outbox (one JSON file each) and to the log. */
export class OutboxMailer implements Mailer {
  constructor(
    private readonly folder: string,
    private readonly from: string,
    private readonly log?: FastifyBaseLogger,
  ) {}

  async send(mail: OutgoingMail): Promise<void> {
    await mkdir(this.folder, { recursive: true });
    const sentAt = new Date().toISOString();
    const file = join(this.folder, `${sentAt.replace(/[:.]/g, '-')}-${newId(4)}.json`);
    await writeFile(file, JSON.stringify({ from: this.from, ...mail, sentAt }, null, 2));
    this.log?.info({ to: mail.to, subject: mail.subject, file }, `Mail written to outbox:\n${mail.text}`);
  }
}
