import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '@server/config';
import type { Mailer } from './interface';
import { OutboxMailer } from './outbox';
import { SmtpMailer } from './smtp';

export function createMailer(config: AppConfig, log?: FastifyBaseLogger): Mailer {
  if (config.mail.smtpUrl) return new SmtpMailer(config.mail.smtpUrl, config.mail.from);
  return new OutboxMailer(join(config.dataDir, 'outbox'), config.mail.from, log);
}
