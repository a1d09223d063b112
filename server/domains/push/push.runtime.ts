import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '@db/client';
import type { AppConfig } from '@server/config';
import type { PushSender } from '@server/providers/push/interface';
import { loadOrCreateVapidKeys } from '@server/providers/push/vapid-keys';
import { WebPushSender } from '@server/providers/push/web-push';
import { PushQueue } from './push.queue';
import { announceStartedEvents, notificationTtlSeconds } from './push.service';
import type { AppServices } from '@server/trpc/context';

/** `services.push`: the sender (with its VAPID public key) and the background delivery queue. */
export interface PushRuntime {
  sender: PushSender;
  queue: PushQueue;
  /** Starts the queue and the sweep that announces scheduled events when they start. */
  start(services: AppServices): void;
  /** Stops both; resolves once the sends in flight are recorded. */
  stop(): Promise<void>;
}

const sweepIntervalMs = 30_000;

export function createPushRuntime(config: AppConfig, db: Db, log: FastifyBaseLogger, sender?: PushSender): PushRuntime {
  const pushSender =
    sender ??
    new WebPushSender(
      loadOrCreateVapidKeys(config.dataDir, { publicKey: config.push.vapidPublicKey, privateKey: config.push.vapidPrivateKey }),
      config.push.subject,
    );
  const queue = new PushQueue(db, pushSender, log, { concurrency: config.push.concurrency, expireAfterMs: notificationTtlSeconds * 1000 });
  let sweep: NodeJS.Timeout | undefined;
  return {
    sender: pushSender,
    queue,
    start(services) {
      queue.start();
      const announce = () => {
        try {
          announceStartedEvents(services);
        } catch (error) {
          log.error({ err: error }, 'push: announcing started events failed');
        }
      };
      announce();
      sweep = setInterval(announce, sweepIntervalMs);
      sweep.unref();
    },
    async stop() {
      clearInterval(sweep);
      await queue.stop();
    },
  };
}
