import { randomBytes } from 'node:crypto';

const alphabet = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const randomBits = 80n;
const randomMask = (1n << randomBits) - 1n;

function encode(value: bigint, length: number): string {
  let out = '';
  for (let index = 0; index < length; index += 1) {
    out = alphabet[Number(value & 31n)]! + out;
    value >>= 5n;
  }
  return out;
}

/**
 * ULID-style ids: 48 bits of milliseconds then 80 random bits, in Crockford base32 (26 characters).
 * Within one process they strictly increase even when the clock stands still or steps back (the random
 * part counts up), so sorting ids sorts by time and a resume point is just an id.
 */
export function createMessageIdFactory(now: () => number = Date.now): () => string {
  let lastTime = -1;
  let lastRandom = 0n;
  return () => {
    let time = now();
    if (time <= lastTime) {
      time = lastTime;
      lastRandom = (lastRandom + 1n) & randomMask;
      if (lastRandom === 0n) time = lastTime + 1;
    } else {
      // Leave headroom so a burst within one millisecond never overflows the random part.
      lastRandom = BigInt(`0x${randomBytes(10).toString('hex')}`) >> 1n;
    }
    lastTime = time;
    return encode(BigInt(time), 10) + encode(lastRandom, 16);
  };
}
