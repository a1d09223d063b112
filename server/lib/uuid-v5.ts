import { createHash } from 'node:crypto';

/** RFC 9562 UUID version 5: SHA-1 of the namespace's 16 bytes followed by the name's UTF-8 bytes. */
export function uuidV5(name: string, namespace: string): string {
  const namespaceHex = namespace.replace(/-/g, '');
  if (!/^[0-9a-f]{32}$/i.test(namespaceHex)) throw new Error('The namespace is not a UUID');
  const hash = createHash('sha1').update(Buffer.from(namespaceHex, 'hex')).update(name, 'utf8').digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
