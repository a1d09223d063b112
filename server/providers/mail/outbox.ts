import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { newId } from '@server/lib/ids';
import type { Mailer, OutgoingMail } from './interface';

/**
 * Without SMTP, mails are written to DATA_DIR/outbox (one JSON file each). The log says only that a
 * mail was written and where: mails carry reset links, which must never reach a log.
 */
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
    // Written whole under another name, then renamed: a reader listing *.json never sees half a mail.
    await writeFile(`${file}.partial`, JSON.stringify({ from: this.from, ...mail, sentAt }, null, 2), { mode: 0o600 });
    await rename(`${file}.partial`, file);
    this.log?.info({ file }, 'mail written to the outbox');
  }
}
