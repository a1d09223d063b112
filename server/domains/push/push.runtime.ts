import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@db/client';
import type { AppConfig } from '@server/config';
import type { PushSender } from '@server/providers/push/interface';
import { loadOrCreateVapidKeys } from '@server/providers/push/vapid-keys';
import { WebPushSender } from '@server/providers/push/web-push';
import { PushQueue } from './push.queue';
import { notificationTtlSeconds } from './push.service';

/** `services.push`: the sender (with its VAPID public key) and the background delivery queue. */
export interface PushRuntime {
  sender: PushSender;
  queue: PushQueue;
}

export function createPushRuntime(config: AppConfig, db: Db, log: FastifyBaseLogger, sender?: PushSender): PushRuntime {
  const pushSender =
    sender ??
    new WebPushSender(
      loadOrCreateVapidKeys(config.dataDir, { publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey }),
      config.push.subject,
    );
  const queue = new PushQueue(db, pushSender, log, { concurrency: config.push.concurrency, expireAfterMs: notificationTtlSeconds * 1000 });
  return { sender: pushSender, queue };
}
