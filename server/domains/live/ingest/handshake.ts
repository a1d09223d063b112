/**
 * RTMP handshake (server side). Answers the plain handshake (S2 echoes C1) and, when C1 carries a Flash Player
 * digest (ffmpeg, OBS and most encoders send one), the digest handshake those clients may verify.
 */
import { createHmac, randomBytes } from 'node:crypto';

export const HANDSHAKE_SIZE = 1536;

const RANDOM_CRUD = Buffer.from([
  0xf0, 0xee, 0xc2, 0x4a, 0x80, 0x68, 0xbe, 0xe8, 0x2e, 0x00, 0xd0, 0xd1, 0x02, 0x9e, 0x7e, 0x57, 0x6e, 0xec, 0x5d,
  0x2d, 0x29, 0x80, 0x6f, 0xab, 0x93, 0xb8, 0xe6, 0x36, 0xcf, 0xeb, 0x31, 0xae,
]);
const FMS_KEY = Buffer.from('Genuine Adobe Flash Media Server 001', 'latin1');
const FMS_KEY_FULL = Buffer.concat([FMS_KEY, RANDOM_CRUD]);
const FP_KEY = Buffer.from('Genuine Adobe Flash Player 001', 'latin1');
const DIGEST_LEN = 32;

function hmac(key: Buffer, ...data: Buffer[]): Buffer {
  const h = createHmac('sha256', key);
  for (const d of data) h.update(d);
  return h.digest();
}

/** Schema 0: digest offset computed from bytes 8..11; schema 1: from bytes 772..775. */
function digestOffset(sig: Buffer, schema: 0 | 1): number {
  const base = schema === 0 ? 8 : 772;
  const sum = sig[base]! + sig[base + 1]! + sig[base + 2]! + sig[base + 3]!;
  return (sum % 728) + base + 4;
}

function digestAt(sig: Buffer, offset: number, key: Buffer): Buffer {
  return hmac(key, sig.subarray(0, offset), sig.subarray(offset + DIGEST_LEN));
}

function findClientDigest(c1: Buffer): { schema: 0 | 1; offset: number } | null {
  for (const schema of [1, 0] as const) {
    const offset = digestOffset(c1, schema);
    if (digestAt(c1, offset, FP_KEY).equals(c1.subarray(offset, offset + DIGEST_LEN))) return { schema, offset };
  }
  return null;
}

/** S0 + S1 + S2 for the given C1 (1536 bytes). */
export function serverHandshake(c1: Buffer): Buffer {
  const out = Buffer.allocUnsafe(1 + 2 * HANDSHAKE_SIZE);
  out[0] = 3;
  const s1 = out.subarray(1, 1 + HANDSHAKE_SIZE);
  const s2 = out.subarray(1 + HANDSHAKE_SIZE);
  randomBytes(HANDSHAKE_SIZE).copy(s1);
  s1.writeUInt32BE(0, 0);
  const client = c1.readUInt32BE(4) !== 0 ? findClientDigest(c1) : null;
  if (!client) {
    s1.writeUInt32BE(0, 4);
    c1.copy(s2);
    return out;
  }
  s1.writeUInt32BE(0x04050001, 4); // server version, as FMS answers
  const s1Offset = digestOffset(s1, client.schema);
  digestAt(s1, s1Offset, FMS_KEY).copy(s1, s1Offset);

  randomBytes(HANDSHAKE_SIZE - DIGEST_LEN).copy(s2);
  const key = hmac(FMS_KEY_FULL, c1.subarray(client.offset, client.offset + DIGEST_LEN));
  hmac(key, s2.subarray(0, HANDSHAKE_SIZE - DIGEST_LEN)).copy(s2, HANDSHAKE_SIZE - DIGEST_LEN);
  return out;
}
