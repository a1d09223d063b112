import { DomainError } from '@server/platform/errors';
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { tooManyAttemptsMessage } from './rate-limit';

// OWASP: scrypt with N=2^17, r=8, p=1 (about 0.5 s and 128 MiB per hash on our machines).
const params = { N: 2 ** 17, r: 8, p: 1, maxmem: 256 * 1024 * 1024 } satisfies ScryptOptions;
const keyLength = 32;
const dummySalt = randomBytes(16);

export interface HashingLimits {
  /** Hashes running at once in this process. */
  maxConcurrent: number;
  /** How long a hash may wait for a free slot before the request is refused with 429. */
  maxWaitMs: number;
}

/**
 * A process-wide ceiling on concurrent password hashing: each scrypt call holds 128 MiB and a CPU core,
 * so a burst of logins must queue (briefly) instead of taking the machine down.
 */
export class HashingGate {
  private running = 0;
  private peak = 0;
  private readonly waiting: Array<{ start: () => void; timer: NodeJS.Timeout }> = [];

  constructor(private limits: HashingLimits) {}

  configure(limits: Partial<HashingLimits>): void {
    this.limits = { ...this.limits, ...limits };
  }

  /** The most hashes that ran at once since the last reset (for tests and metrics). */
  peakConcurrency(): number {
    return this.peak;
  }

  resetPeak(): void {
    this.peak = this.running;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.running < this.limits.maxConcurrent) {
      this.take();
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const waiter = {
        start: () => {
          clearTimeout(waiter.timer);
          this.take();
          resolve();
        },
        timer: setTimeout(() => {
          const index = this.waiting.indexOf(waiter);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new DomainError({ code: 'TOO_MANY_REQUESTS', message: tooManyAttemptsMessage }));
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  private take(): void {
    this.running += 1;
    this.peak = Math.max(this.peak, this.running);
  }

  private release(): void {
    this.running -= 1;
    const next = this.waiting.shift();
    if (next) next.start();
  }
}

export const passwordHashing = new HashingGate({ maxConcurrent: 2, maxWaitMs: 3_000 });

function scrypt(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return passwordHashing.run(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        scryptCallback(password.normalize('NFKC'), salt, keyLength, options, (error, key) => (error ? reject(error) : resolve(key)));
      }),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, params);
  return `scrypt$${params.N}$${params.r}$${params.p}$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  if (!stored) {
    // Spend the same time as a real check, so response times do not reveal which accounts exist.
    await scrypt(password, dummySalt, params);
    return false;
  }
  const [scheme, n, r, p, saltText, keyText] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !saltText || !keyText) return false;
  const expected = Buffer.from(keyText, 'base64url');
  const actual = await scrypt(password, Buffer.from(saltText, 'base64url'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: params.maxmem,
  });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
