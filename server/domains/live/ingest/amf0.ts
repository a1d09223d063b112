/**
 * AMF0, only as much as RTMP commands and `@setDataFrame`/`onMetaData` need (decoding untrusted input is bounded:
 * depth, and every read is checked against the buffer's end).
 */

export type Amf0Value = number | boolean | string | null | undefined | Date | Amf0Object | Amf0Value[];
export interface Amf0Object {
  [key: string]: Amf0Value;
}

class Amf0Error extends Error {}

const MAX_DEPTH = 16;

export class Amf0Reader {
  offset: number;
  constructor(
    private readonly buf: Buffer,
    offset = 0,
  ) {
    this.offset = offset;
  }

  get done(): boolean {
    return this.offset >= this.buf.length;
  }

  private need(n: number): void {
    if (this.offset + n > this.buf.length) throw new Amf0Error('AMF0 value runs past the message');
  }

  private u16(): number {
    this.need(2);
    const v = this.buf.readUInt16BE(this.offset);
    this.offset += 2;
    return v;
  }

  private u32(): number {
    this.need(4);
    const v = this.buf.readUInt32BE(this.offset);
    this.offset += 4;
    return v;
  }

  private str(len: number): string {
    this.need(len);
    const s = this.buf.toString('utf8', this.offset, this.offset + len);
    this.offset += len;
    return s;
  }

  private properties(target: Amf0Object, depth: number): void {
    for (;;) {
      const keyLen = this.u16();
      if (keyLen === 0) {
        this.need(1);
        if (this.buf[this.offset] === 0x09) {
          this.offset += 1;
          return;
        }
      }
      const key = this.str(keyLen);
      const value = this.read(depth + 1);
      if (key !== '__proto__') target[key] = value;
    }
  }

  read(depth = 0): Amf0Value {
    if (depth > MAX_DEPTH) throw new Amf0Error('AMF0 value nested too deeply');
    this.need(1);
    const marker = this.buf[this.offset++];
    switch (marker) {
      case 0x00: {
        this.need(8);
        const v = this.buf.readDoubleBE(this.offset);
        this.offset += 8;
        return v;
      }
      case 0x01:
        this.need(1);
        return this.buf[this.offset++] !== 0;
      case 0x02:
        return this.str(this.u16());
      case 0x03: {
        const o: Amf0Object = {};
        this.properties(o, depth);
        return o;
      }
      case 0x05:
        return null;
      case 0x06:
        return undefined;
      case 0x08: {
        this.u32(); // approximate count; the list ends with the object-end marker
        const o: Amf0Object = {};
        this.properties(o, depth);
        return o;
      }
      case 0x0a: {
        const n = this.u32();
        if (n > 4096) throw new Amf0Error('AMF0 array too long');
        const a: Amf0Value[] = [];
        for (let i = 0; i < n; i++) a.push(this.read(depth + 1));
        return a;
      }
      case 0x0b: {
        this.need(10);
        const ms = this.buf.readDoubleBE(this.offset);
        this.offset += 10; // date + 2-byte time zone
        return new Date(ms);
      }
      case 0x0c:
        return this.str(this.u32());
      case 0x0d: // unsupported
        return undefined;
      default:
        throw new Amf0Error(`Unsupported AMF0 marker ${marker}`);
    }
  }

  readAll(): Amf0Value[] {
    const values: Amf0Value[] = [];
    while (!this.done) values.push(this.read());
    return values;
  }
}

export function decodeAmf0(buf: Buffer, offset = 0): Amf0Value[] {
  return new Amf0Reader(buf, offset).readAll();
}

function encodeValue(value: Amf0Value, parts: Buffer[]): void {
  if (value === null) {
    parts.push(Buffer.from([0x05]));
  } else if (value === undefined) {
    parts.push(Buffer.from([0x06]));
  } else if (typeof value === 'number') {
    const b = Buffer.allocUnsafe(9);
    b[0] = 0x00;
    b.writeDoubleBE(value, 1);
    parts.push(b);
  } else if (typeof value === 'boolean') {
    parts.push(Buffer.from([0x01, value ? 1 : 0]));
  } else if (typeof value === 'string') {
    const s = Buffer.from(value, 'utf8');
    const h = Buffer.allocUnsafe(3);
    h[0] = 0x02;
    h.writeUInt16BE(s.length, 1);
    parts.push(h, s);
  } else if (value instanceof Date) {
    const b = Buffer.alloc(11);
    b[0] = 0x0b;
    b.writeDoubleBE(value.getTime(), 1);
    parts.push(b);
  } else if (Array.isArray(value)) {
    const h = Buffer.allocUnsafe(5);
    h[0] = 0x0a;
    h.writeUInt32BE(value.length, 1);
    parts.push(h);
    for (const v of value) encodeValue(v, parts);
  } else {
    parts.push(Buffer.from([0x03]));
    for (const [key, v] of Object.entries(value)) {
      const k = Buffer.from(key, 'utf8');
      const kh = Buffer.allocUnsafe(2);
      kh.writeUInt16BE(k.length, 0);
      parts.push(kh, k);
      encodeValue(v, parts);
    }
    parts.push(Buffer.from([0x00, 0x00, 0x09]));
  }
}

export function encodeAmf0(...values: Amf0Value[]): Buffer {
  const parts: Buffer[] = [];
  for (const v of values) encodeValue(v, parts);
  return Buffer.concat(parts);
}
